// The esbuild options of dist/embed.js, shared by scripts/build-embed.mjs and bench/widgets-size.mjs
// (so the benchmark measures the very bundle that ships).
import { fileURLToPath } from "node:url";

export const EMBED_OPTIONS = {
  absWorkingDir: fileURLToPath(new URL("..", import.meta.url)),
  entryPoints: ["src/embed/embed.ts"],
  bundle: true,
  minify: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  conditions: ["@cuepoint/source"],
  legalComments: "none",
  // es2020 syntax (Chrome 80, Firefox 74, Safari 13.1) plus class fields and logical assignment
  // (`??=`), kept as written instead of esbuild's helpers: the floor moves to Chrome 85, Firefox 79,
  // Safari 14 (2020), all older than constructable stylesheets in Firefox (101) and Safari (16.4).
  supported: { "class-field": true, "logical-assignment": true },
  // A closed bundle may shorten private property names: the embed's own end in `_` (liteRuntime's
  // hook slots), Preact's internals start with `__` (`__k`, `__e`...; its dist has them mangled
  // so, and reads none of them by a string; `__html`, of dangerouslySetInnerHTML, is kept). 23 B gzip.
  mangleProps: /^(?:[a-z]\w*[a-z]_|__\w*)$/,
  reserveProps: /^(?:__html|__proto__)$/,
  logLevel: "warning",
};
