#!/usr/bin/env node
// Prints how the server's top-level folders (src/<folder>/) import each other: every pair of
// folders that import each other both ways, with one import of each direction as the example.
// Tests, test-support/ folders and vendors' loopback fakes are left out (they may reach anywhere), and so
// are deps.ts's imports: it is the app's wiring type (AppDeps), `import type` only, erased at build. Exit code 1 when a pair exists
// and --check is given. Run: node apps/server/scripts/folder-deps.mjs [--check] [--verbose]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src");
const verbose = process.argv.includes("--verbose");

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The top-level folder of a file under src/, or its own name for a file at the top (app.ts). */
const folderOf = (file) => path.relative(src, file).split(path.sep)[0].replace(/\.(tsx?|js)$/, "");

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;
const edges = new Map(); // "a>b" → example "file → target"
for (const file of files(src)) {
  const from = folderOf(file);
  const relative = path.relative(src, file);
  if (relative.split(path.sep).includes("test-support") || /(^|\/)fake\w*\.ts$/.test(relative) || relative === "deps.ts") continue;
  const text = fs.readFileSync(file, "utf8");
  for (const match of text.matchAll(importPattern)) {
    const target = path.resolve(path.dirname(file), match[1] ?? match[2]);
    const to = folderOf(target);
    if (to === from || to.startsWith("..")) continue;
    const key = `${from}>${to}`;
    if (!edges.has(key)) edges.set(key, `${path.relative(src, file)} → ${path.relative(src, target)}`);
  }
}

const pairs = [];
for (const key of edges.keys()) {
  const [a, b] = key.split(">");
  if (a < b && edges.has(`${b}>${a}`)) pairs.push([a, b]);
}
pairs.sort((x, y) => x.join().localeCompare(y.join()));
for (const [a, b] of pairs) {
  console.log(`${a} ⇄ ${b}`);
  if (verbose) console.log(`    ${edges.get(`${a}>${b}`)}\n    ${edges.get(`${b}>${a}`)}`);
}
const folders = new Set([...edges.keys()].flatMap((key) => key.split(">")));
console.log(`${pairs.length} folder pairs import each other (${folders.size} folders, ${edges.size} folder-to-folder imports)`);
if (process.argv.includes("--check") && pairs.length > 0) process.exit(1);
