// Widgets size benchmark: gzip -9 of embed.js (the script tag, Preact inside) and of the React
// registration entry without React, side by side with @typeform/embed's and @calcom/embed-core's
// script-tag runtimes (those only build an iframe; ours renders the form itself), and room.js (the
// event room page's script). Prints figures and ratios; asserts nothing.
// Usage: node bench/widgets-size.mjs [--explain]
// --explain also prints, for embed.js, room.js and the React entry, where the bytes go: each source module's minified bytes and
// its marginal gzip bytes (the output split by module through the source map; the bundle gzipped
// without that module's bytes).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { EMBED_OPTIONS } from "../packages/widgets/scripts/embed-options.mjs";
import { ROOM_OPTIONS } from "../packages/widgets/scripts/room-options.mjs";

const widgets = fileURLToPath(new URL("../packages/widgets/", import.meta.url));
const require = createRequire(import.meta.url);
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const explain = process.argv.includes("--explain");

const bundle = async (code, { external = [], format = "esm", options } = {}) => {
  const result = await build({
    ...(explain && { metafile: true, sourcemap: "external", outdir: join(widgets, "size-explain") }),
    ...(!options && { stdin: { contents: code, resolveDir: widgets, loader: "ts" } }),
    bundle: true,
    minify: true,
    format,
    platform: "browser",
    // The embed's syntax floor for every bundle here (es2020 plus class fields and `??=`: Chrome 85,
    // Firefox 79, Safari 14): the React entry ships as es2022 (tsup) with the SDK's class fields
    // (its error classes' `name`) as written, so lowering them to es2020 helpers would measure
    // bytes that no app build of ours has.
    target: EMBED_OPTIONS.target,
    supported: EMBED_OPTIONS.supported,
    conditions: ["@cuepoint/source"],
    external,
    write: false,
    legalComments: "none",
    ...options,
    logLevel: "error",
  });
  const [js, map] = explain ? [".js", ".map"].map((end) => result.outputFiles.find((f) => f.path.endsWith(end))) : result.outputFiles;
  if (map) explained.push({ js: js.contents, map: JSON.parse(map.text) });
  return js.contents;
};
const explained = [];

const VLQ = Object.fromEntries([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));
/** Source index of every output byte (-1 where no mapping applies), from a v3 source map. */
const byteSources = (js, map) => {
  const owner = new Int32Array(js.length).fill(-1);
  const lineStarts = [0];
  for (let i = 0; i < js.length; i++) if (js[i] === 10) lineStarts.push(i + 1);
  let source = 0;
  map.mappings.split(";").forEach((line, row) => {
    let column = 0;
    const segments = line ? line.split(",") : [];
    const starts = [];
    for (const segment of segments) {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = VLQ[char];
        value += (digit & 31) << shift;
        shift += 5;
        if (!(digit & 32)) {
          fields.push(value & 1 ? -(value >> 1) : value >> 1);
          value = shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      starts.push([column, fields.length > 1 ? source : -1]);
    }
    const base = lineStarts[row] ?? js.length;
    const end = lineStarts[row + 1] ?? js.length;
    starts.forEach(([start, src], i) => owner.fill(src, base + start, Math.min(end, base + (starts[i + 1]?.[0] ?? end - base))));
  });
  return owner;
};

const printExplained = ({ js, map }, name) => {
  const owner = byteSources(js, map);
  const keyOf = (src) =>
    src < 0
      ? "(glue)"
      : map.sources[src].replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, "").replace(/^(\.\.\/)+/, "");
  const keys = [...new Set(Array.from(owner, keyOf))];
  const total = gz(js);
  const rows = keys.map((key) => {
    const without = js.filter((_, i) => keyOf(owner[i]) !== key);
    return { key, min: js.length - without.length, marginal: total - gz(without) };
  });
  console.log(`\n${name}: ${js.length} B minified, ${total} B gzip (marginal: what gzip saves without the module's bytes)`);
  for (const row of rows.sort((a, b) => b.marginal - a.marginal)) {
    console.log(`${String(row.min).padStart(7)} B ${String(row.marginal).padStart(6)} B gz  ${row.key}`);
  }
};

const packageFile = (name, path) => {
  const root = dirname(require.resolve(`${name}/package.json`));
  return readFileSync(join(root, path));
};

// The very build of packages/widgets/scripts/build-embed.mjs.
const embed = await bundle("", { options: EMBED_OPTIONS });
// The very build of packages/widgets/scripts/build-room.mjs: the room page's JS before the video
// (hls.js excluded: /room-hls.js is loaded only where the browser lacks native HLS).
const room = await bundle("", { options: ROOM_OPTIONS });
const rows = [
  { name: "@cuepoint/widgets embed.js (registration form, Preact inside)", size: gz(embed), goal: 12 * 1024 },
  { name: "@typeform/embed build/embed.js (iframe only)", size: gz(packageFile("@typeform/embed", "build/embed.js")) },
  { name: "@calcom/embed-core embed.js (iframe only)", size: gz(packageFile("@calcom/embed-core", "dist/embed/embed.js")) },
  {
    name: "Preact + hooks alone (anchor)",
    size: gz(await bundle(`import { h, render } from "preact"; import { useState } from "preact/hooks";
      render(h(() => h("p", null, useState(0)[0]), null), document.body);`)),
  },
  {
    name: "@cuepoint/widgets/react RegistrationForm (React external)",
    size: gz(
      await bundle(`import { RegistrationForm } from "./src/react/index.ts"; console.log(RegistrationForm);`, {
        external: ["react", "react-dom"],
      }),
    ),
    goal: 6 * 1024,
  },
  { name: "@cuepoint/widgets room.js (event room page, Preact inside)", size: gz(room), goal: 20 * 1024 },
];

const ours = rows[0].size;
console.log("gzip -9, esbuild minified (browser)\n");
for (const row of rows) {
  const goal = row.goal ? `  goal ≤ ${kb(row.goal)} ${row.size <= row.goal ? "(met)" : `(over by ${row.size - row.goal} B)`}` : "";
  const ratio = row === rows[0] || row.goal ? "" : `  embed.js = ${(ours / row.size).toFixed(2)}× this`;
  console.log(`${row.name.padEnd(62)} ${kb(row.size).padStart(8)} ${`(${row.size} B)`.padStart(9)}${goal}${ratio}`);
}
if (explain) {
  printExplained(explained[0], "embed.js");
  printExplained(explained[1], "room.js");
  printExplained(explained.at(-1), "React RegistrationForm");
}
