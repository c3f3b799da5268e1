import { defineConfig } from "tsup";

// The embed.js bundle is built by scripts/build-embed.mjs (one IIFE with Preact inside).
export default defineConfig({
  entry: { index: "src/index.ts", "react/index": "src/react/index.ts", "preact/index": "src/preact/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "browser",
  sourcemap: false,
  treeshake: true,
  // Dependencies and peers (the SDK, signals, React, Preact) stay imports.
});
