import { defineConfig } from "vitest/config";

export default defineConfig({
  // Resolve @cuepoint/sdk to its src/ so the server is tested against the SDK's source, unbuilt
  // (a fresh clone has no dist/). Node tests run in Vite's SSR environment, which reads its own
  // conditions list, hence both.
  resolve: { conditions: ["@cuepoint/source"] },
  ssr: { resolve: { conditions: ["@cuepoint/source"] } },
  test: {
    include: ["src/**/*.test.ts"],
    // Migrates one template database; each file's own database is a copy of it.
    globalSetup: ["src/test-support/globalSetup.ts"],
    // Each test file opens its own database (an in-memory PGlite, or a fresh PostgreSQL
    // database in Postgres mode); starting one can take a few seconds on a loaded machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
