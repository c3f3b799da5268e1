import { defineConfig } from "vitest/config";

export default defineConfig({
  // Resolve @cuepoint/sdk to its src/ so the server is tested against the SDK's source, unbuilt
  // (a fresh clone has no dist/). Node tests run in Vite's SSR environment, which reads its own
  // conditions list, hence both.
  resolve: { conditions: ["@cuepoint/source"] },
  ssr: { resolve: { conditions: ["@cuepoint/source"] } },
  test: {
    include: ["src/**/*.test.ts"],
    // Each test file opens its own database (an in-memory PGlite, or a fresh PostgreSQL
    // database in Postgres mode); starting one and migrating it takes a few seconds.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
