// Bundle size benchmark: gzip -9 of an esbuild-minified browser bundle of each entry, measured side
// by side with the libraries the issue names as anchors. Prints figures and ratios; asserts nothing.
// Usage: node bench/size.mjs   (builds @cuepoint/sdk first when dist/ is missing or older than src/)
import { build } from "esbuild";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const sdkDist = new URL("../packages/sdk/dist/index.js", import.meta.url);
const sdkSrc = fileURLToPath(new URL("../packages/sdk/src/", import.meta.url));
// A dist/ older than the source would measure the SDK as it was: build it again then too.
const stale = () => {
  const built = statSync(sdkDist).mtimeMs;
  return readdirSync(sdkSrc, { recursive: true }).some((file) => statSync(join(sdkSrc, file)).mtimeMs > built);
};
if (!existsSync(sdkDist) || stale()) {
  console.log(`building @cuepoint/sdk (dist/ ${existsSync(sdkDist) ? "older than src/" : "missing"}) ...`);
  execFileSync("npx", ["tsup"], { cwd: new URL("../packages/sdk/", import.meta.url), stdio: "inherit" });
}

const cases = [
  {
    name: "ofetch alone (anchor)",
    code: `import { ofetch } from "ofetch"; ofetch("/api/webinars").then(console.log);`,
  },
  // The client (issue 23): a partner pays for the calls it makes. One call and ten calls use the
  // call functions on the request core; the whole client is createClient, every method attached.
  {
    name: "@cuepoint/sdk createFetcher + one call",
    code: `import { createFetcher, webinarsList } from "@cuepoint/sdk";
      webinarsList(createFetcher({ apiURL: "/api", token: "t" }), { page: 1, type: "upcoming" }).then(console.log);`,
    budget: 6 * 1024,
  },
  {
    name: "@cuepoint/sdk createFetcher + ten calls",
    code: `import { createFetcher, webinarsList, webinarsGet, leadsList, leadsUpload, mediaList, timelinesGetEvents,
        formsList, accountChangePlan, integrationsList, automationDeliveries } from "@cuepoint/sdk";
      const api = createFetcher({ apiURL: "/api", token: "t" });
      Promise.all([webinarsList(api, { page: 1 }), webinarsGet(api, "w1"), leadsList(api, { page: 1 }),
        leadsUpload(api, { webinarTimeline: "t1", csv: new Blob([]) }), mediaList(api, "video"), timelinesGetEvents(api, "t1"),
        formsList(api), accountChangePlan(api, { plan: "advanced", frequency: "yearly" }), integrationsList(api),
        automationDeliveries(api, { webinarTimeline: "t1" })]).then(console.log);`,
  },
  {
    name: "@cuepoint/sdk whole client (createClient)",
    code: `import { createClient } from "@cuepoint/sdk";
      createClient({ apiURL: "/api", token: "t" }).webinars.list({ page: 1, type: "upcoming" }).then(console.log);`,
  },
  {
    name: "@cuepoint/sdk/upload createUploader",
    code: `import { createUploader } from "@cuepoint/sdk/upload";
      const u = createUploader({ endpoint: "/api/upload/chunk", userId: "u" }); u.add([]); console.log(u);`,
    budget: 4 * 1024,
  },
  {
    name: "@mux/upchunk createUpload",
    code: `import { createUpload } from "@mux/upchunk"; console.log(createUpload({ endpoint: "/u", file: new File([], "a.mp4") }));`,
  },
  {
    name: "tus-js-client Upload",
    code: `import { Upload } from "tus-js-client"; new Upload(new File([], "a.mp4"), { endpoint: "/u" }).start();`,
  },
  {
    name: "@uppy/core + @uppy/xhr-upload",
    code: `import Uppy from "@uppy/core"; import XHRUpload from "@uppy/xhr-upload";
      console.log(new Uppy().use(XHRUpload, { endpoint: "/u" }));`,
  },
];

const rows = [];
for (const c of cases) {
  const out = await build({
    stdin: { contents: c.code, resolveDir: here, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const bytes = out.outputFiles[0].contents;
  rows.push({ ...c, min: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
}

const kb = (n) => (n / 1024).toFixed(2) + " KB";
const bytes = (n) => n.toLocaleString("en-US") + " B";
const anchor = rows.find((r) => r.name === "ofetch alone (anchor)").gz;
console.log("\nBundle size (esbuild --minify, gzip -9)\n");
console.log("entry".padEnd(44), "min".padStart(10), "gzip".padStart(10), "vs ofetch".padStart(10), "goal".padStart(18));
for (const r of rows) {
  const verdict = r.budget ? `≤ ${bytes(r.budget)} ${r.gz <= r.budget ? "ok" : "OVER"}` : "";
  console.log(r.name.padEnd(44), kb(r.min).padStart(10), bytes(r.gz).padStart(10), (r.gz / anchor).toFixed(2).padStart(9) + "x", verdict.padStart(18));
}
const up = rows.find((r) => r.name.startsWith("@cuepoint/sdk/upload"));
const uploadAnchors = rows.filter((r) => ["@mux/upchunk", "tus-js-client", "@uppy/core"].some((name) => r.name.startsWith(name)));
console.log("\nupload vs anchors:", uploadAnchors.map((r) => `${r.name} ${(r.gz / up.gz).toFixed(1)}x larger`).join("; "));
const [one, ten, whole] = ["one call", "ten calls", "whole client"].map((what) => rows.find((r) => r.name.includes(what)));
console.log(
  `client: one call ${bytes(one.gz)} (${bytes(one.gz - anchor)} over ofetch), ten calls ${bytes(ten.gz)} (+${bytes(ten.gz - one.gz)} for nine more),`,
  `whole client ${bytes(whole.gz)}`,
);
