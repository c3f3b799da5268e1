// Bundle size benchmark: gzip -9 of an esbuild-minified browser bundle of each entry, measured side
// by side with the libraries the issue names as anchors. Prints figures and ratios; asserts nothing.
// Usage: node bench/size.mjs   (builds @cuepoint/sdk first when dist/ is missing)
import { build } from "esbuild";
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const sdkDist = new URL("../packages/sdk/dist/index.js", import.meta.url);
if (!existsSync(sdkDist)) {
  console.log("building @cuepoint/sdk (dist/ missing) ...");
  execFileSync("npx", ["tsup"], { cwd: new URL("../packages/sdk/", import.meta.url), stdio: "inherit" });
}

const cases = [
  {
    name: "ofetch alone (anchor)",
    code: `import { ofetch } from "ofetch"; ofetch("/api/webinars").then(console.log);`,
  },
  {
    name: "@cuepoint/sdk createClient + one call",
    code: `import { createClient } from "@cuepoint/sdk";
      createClient({ apiURL: "/api", token: "t" }).webinars.list({ page: 1, type: "upcoming" }).then(console.log);`,
    budget: 6 * 1024,
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
const anchor = rows[0].gz;
console.log("\nBundle size (esbuild --minify, gzip -9)\n");
console.log("entry".padEnd(42), "min".padStart(10), "gzip".padStart(10), "vs ofetch".padStart(10), "budget".padStart(14));
for (const r of rows) {
  const verdict = r.budget ? `${kb(r.budget)} ${r.gz <= r.budget ? "ok" : "OVER"}` : "";
  console.log(r.name.padEnd(42), kb(r.min).padStart(10), kb(r.gz).padStart(10), (r.gz / anchor).toFixed(2).padStart(9) + "x", verdict.padStart(14));
}
const up = rows.find((r) => r.name.startsWith("@cuepoint/sdk/upload"));
console.log("\nupload vs anchors:", rows.slice(3).map((r) => `${r.name} ${(r.gz / up.gz).toFixed(1)}x larger`).join("; "));
