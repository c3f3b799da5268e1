import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "upload/index": "src/upload/index.ts",
    "schemas/index": "src/schemas/index.ts",
    "rules/index": "src/rules/index.ts",
    "timeline/index": "src/timeline/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  treeshake: true,
  splitting: true,
  target: "es2022",
  platform: "neutral",
  sourcemap: false,
});
