import { defineConfig } from "vitest/config";

const conditions = ["@cuepoint/source"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "behaviour",
          include: ["src/**/*.test.ts"],
          // A happy-dom window on the node global (src/test-support/dom.ts): the in-process server
          // runs beside the components as in its own suite.
          environment: "node",
          setupFiles: ["src/test-support/dom.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test-browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
