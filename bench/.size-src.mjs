import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const out = await build({ stdin: { contents: `import { createUploader } from "@cuepoint/sdk/upload";
      const u = createUploader({ endpoint: "/api/upload/chunk", userId: "u" }); u.add([]); console.log(u);`, resolveDir: "/work/main/bench", loader: "js" },
  bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "silent", conditions: ["@cuepoint/source"],
  define: { "process.env.NODE_ENV": '"production"' } });
const code = out.outputFiles[0].contents;
console.log("min", code.length, "gzip", gzipSync(code, { level: 9 }).length);
import { writeFileSync } from "node:fs";
writeFileSync("/tmp/up-bench/bundle.js", code);
