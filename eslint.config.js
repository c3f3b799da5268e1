// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const dashboard = "apps/dashboard/src";
// Each screen folder may import only itself and the shared layers (ui, lib, api, session, config):
// what two screens share moves to ui/ or lib/ (bulletproof-react's "features don't import each other").
const screenFolders = fs
  .readdirSync(path.join(root, dashboard, "screens"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's house (apps/server/README.md "Layout"): the ground floor — the database, the
// configuration, mail, auth's crypto, HTTP and the event clock — imports no capability; a
// capability's route files are imported only by the route table (src/routes.ts); a vendor folder
// imports only the integration kit (integrations/ outside services/ and routes/), the ground floor
// and the SDK; nothing but tests imports test helpers.
const server = "apps/server/src";
const groundFloor = ["db", "config", "mail", "auth", "http", "events"];
const serverFolders = fs
  .readdirSync(path.join(root, server), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "test-support")
  .map((entry) => entry.name);
const capabilities = serverFolders.filter((folder) => !groundFloor.includes(folder));
const roof = ["app.ts", "routes.ts", "index.ts", "cli.ts"].map((file) => `${server}/${file}`);
const routeFiles = [`${server}/**/*Routes.ts`, `${server}/**/*Route.ts`];
const testHelpers = [`${server}/**/test-support/**`, `${server}/**/*.test.ts`, `${server}/integrations/services/*/fake*.ts`];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.cuepoint-data/**", "**/coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Import structure: no import circles (the route table imports every screen, so a screen that
    // imported it back closed one), and the dashboard's layers kept apart.
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // As import-x's typescript preset, but resolving with its own resolver (`./x.js` → x.ts/x.tsx)
      // instead of eslint-import-resolver-typescript: no second resolver to keep.
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
          extensionAlias: { ".js": [".ts", ".tsx", ".js"] },
          conditionNames: ["@cuepoint/source", "import", "default"],
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: [`${dashboard}/**/*.{ts,tsx}`],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            ...screenFolders.map((folder) => ({
              target: `${dashboard}/screens/${folder}`,
              from: `${dashboard}/screens`,
              except: [`./${folder}`],
              message: "A screen folder imports no other screen folder: move what two screens share to ui/ or lib/.",
            })),
            {
              target: `${dashboard}/screens`,
              from: `${dashboard}/routes.tsx`,
              message: "Screens import paths and href from config/paths.ts, never the route table (it imports them).",
            },
            {
              target: `${dashboard}/screens`,
              from: `${dashboard}/shell`,
              except: ["./currentRoute.ts"],
              message: "Screens may read the current route (shell/currentRoute.ts), nothing else of the shell.",
            },
            {
              target: [`${dashboard}/ui`, `${dashboard}/lib`, `${dashboard}/api`, `${dashboard}/config`, `${dashboard}/features`],
              from: [`${dashboard}/screens`, `${dashboard}/routes.tsx`, `${dashboard}/shell`],
              message: "ui, lib, api, config and features are shared layers: they import no screen, route table or shell.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: testHelpers,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: groundFloor.map((folder) => `${server}/${folder}`),
              from: [...capabilities.map((folder) => `${server}/${folder}`), ...roof],
              message: "The server's ground floor (db, config, mail, auth, http, events) imports no capability: move what it needs down, or pass it in.",
            },
            ...serverFolders.map((folder) => ({
              target: `${server}/${folder}/**`,
              from: routeFiles,
              except: [path.join(root, server, folder, "**")],
              message: "Only the route table (src/routes.ts) imports another capability's route files: move what they share out of the route file.",
            })),
            {
              target: `${server}/integrations/services/**`,
              from: [
                ...capabilities.filter((folder) => folder !== "integrations").map((folder) => `${server}/${folder}`),
                ...roof,
                `${server}/integrations/routes`,
              ],
              message: "A vendor folder imports only the integration kit (integrations/ outside services/ and routes/), the ground floor and the SDK.",
            },
            {
              target: `${server}/**`,
              from: testHelpers,
              message: "Only tests import test helpers (test-support/ folders, vendors' fake.ts).",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: {
      globals: {
        process: "readonly", console: "readonly", URL: "readonly", File: "readonly", Blob: "readonly",
        fetch: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly",
        clearInterval: "readonly", require: "readonly", module: "writable", __dirname: "readonly",
      },
    },
  },
);
