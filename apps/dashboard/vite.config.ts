import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";

/** The build id the new-deployment toast compares with `/version.json` (see src/session/deployment.ts). */
const BUILD_ID = process.env.CUEPOINT_BUILD_ID ?? new Date().toISOString();

/** Emits `version.json` next to index.html, so a running dashboard can notice a newer build. */
function versionFile(): Plugin {
  return {
    name: "cuepoint-version-file",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "version.json", source: JSON.stringify({ build: BUILD_ID }) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), versionFile()],
  // The SDK is used from its source (no build step in the workspace).
  resolve: { conditions: ["@cuepoint/source", ...defaultClientConditions] },
  // "dev" (the dev server) turns the new-deployment check off.
  define: { __BUILD_ID__: JSON.stringify(command === "build" ? BUILD_ID : "dev") },
  build: {
    outDir: process.env.CUEPOINT_DASHBOARD_OUT ?? "dist",
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached chunk. Screens are lazy routes.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|wouter)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: { "/api": process.env.CUEPOINT_API ?? "http://localhost:3000" } },
}));
