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
