import { defineConfig } from "tsup";

// The embed.js bundle is built by scripts/build-embed.mjs (one IIFE with Preact inside).
export default defineConfig({
  entry: { index: "src/index.ts", "react/index": "src/react/index.ts", "preact/index": "src/preact/index.ts" },
  format: ["esm", "cjs"],
  // `@internal` members (the signals' `value_`, `version_`...) stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  clean: true,
  target: "es2022",
  platform: "browser",
  sourcemap: false,
  treeshake: true,
  // Dependencies and peers (the SDK, React, Preact) stay imports.
});
