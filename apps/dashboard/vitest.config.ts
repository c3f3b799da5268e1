import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const conditions = ["@cuepoint/source"];

export default defineConfig({
  plugins: [react()],
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  // "dev" turns the new-deployment check off (there is no version.json to poll).
  define: { __BUILD_ID__: JSON.stringify("dev") },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", environment: "happy-dom", include: ["src/**/*.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.e2e.test.ts"],
          // One dashboard build and one server per run (globalSetup); each file opens one browser.
          globalSetup: ["e2e/globalSetup.ts"],
          hookTimeout: 180_000,
          testTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
