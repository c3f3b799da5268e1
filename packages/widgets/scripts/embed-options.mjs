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
  // A closed bundle may shorten property names nothing outside it reads: the embed's own end in `_`
  // (liteRuntime's hook slots); Preact's internals start with `__` (`__k`, `__e`...; its dist has
  // them mangled so, and reads none of them by a string; `__html`, of dangerouslySetInnerHTML, is
  // kept) or are `_sb`; and the members of objects the script tag never hands to a page, each a name
  // used for nothing else in the bundle (no wire name, prop, data attribute or DOM name, and never
  // read through a string): the form core's (`visibleFields`...), the `Runtime`'s hooks
  // (`useState`...), the embed context's `listeners`, and the signals' `peek` (src/core/signals.ts;
  // its internal members end in `_`). 23 B gzip for the first two, 66 B more for the rest (measured
  // with @preact/signals-core). Not `dispose`: `Symbol.dispose` would be renamed with it.
  mangleProps:
    /^(?:[a-z]\w*[a-z]_|__\w*|_sb|visibleFields|announcement|timeZones|selectSession|setTimeZone|setValue|touch|useState|useEffect|useRef|useId|textInput|listeners|peek)$/,
  reserveProps: /^(?:__html|__proto__)$/,
  logLevel: "warning",
};
