// Builds dist/embed.js: the script-tag bundle (Preact inside), one minified IIFE for browsers.
import { build } from "esbuild";
import { EMBED_OPTIONS } from "./embed-options.mjs";

await build({ ...EMBED_OPTIONS, outfile: "dist/embed.js" });
