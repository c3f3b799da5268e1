import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The PostgreSQL pass (`test:postgres`: the same files with `DATABASE_URL` set) runs only the suites
 * whose behaviour depends on the database engine, not merely on rows being stored: migrations and
 * the driver, prepared statements, the job queue (pg-boss, crash and restart, pausing, reschedule),
 * the room's cross-instance bus and presence (LISTEN/NOTIFY, several instances on one database),
 * rate-limit and backoff rows written by concurrent requests, registrations and uploads racing for
 * the same rows, the password reset used once under concurrent use, webinar hours summed in SQL,
 * the CSV import's batched writes, and the isolation sweep (every id-taking route, so each query's
 * result decoding on node-postgres too). Everything else — the vendors against their loopback
 * fakes, the pages, the rules without a database — runs once, on PGlite (the default pass).
 */
const POSTGRES_SUITES = [
  "src/db/openDatabase.test.ts",
  "src/db/preparedStatement.test.ts",
  "src/engine/engine.test.ts",
  "src/engine/schedule.test.ts",
  "src/engine/delivery.test.ts",
  "src/engine/paused.test.ts",
  "src/engine/crash.test.ts",
  "src/room/bus/roomBus.test.ts",
  "src/room/live.instances.test.ts",
  "src/room/hub/presenceBeat.test.ts",
  "src/room/channel.test.ts",
  "src/room/live.test.ts",
  "src/room/chat/chat.test.ts",
  "src/room/chat/hostChat.test.ts",
  "src/room/console/console.test.ts",
  "src/room/attendance.test.ts",
  "src/http/rateLimiter.test.ts",
  "src/http/storableInput.test.ts",
  "src/session/session.test.ts",
  "src/session/password.test.ts",
  "src/registration/storeRegistration.test.ts",
  "src/usage/webinarHours.test.ts",
  "src/media/processing.test.ts",
  "src/media/encoding.test.ts",
  "src/media/routes/upload.test.ts",
  "src/media/routes/uploadChunkEndpoint.test.ts",
  "src/media/routes/uploadInPlace.test.ts",
  "src/delivery/zoom/zoomDelivery.test.ts",
  "src/leads/import.test.ts",
  "src/isolation.test.ts",
];
// A suite moved or renamed must not drop out of the PostgreSQL pass unnoticed.
const missing = POSTGRES_SUITES.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
if (missing.length) throw new Error(`vitest.config.ts: POSTGRES_SUITES names files that do not exist: ${missing.join(", ")}`);

export default defineConfig({
  // Resolve @cuepoint/sdk to its src/ so the server is tested against the SDK's source, unbuilt
  // (a fresh clone has no dist/). Node tests run in Vite's SSR environment, which reads its own
  // conditions list, hence both.
  resolve: { conditions: ["@cuepoint/source"] },
  ssr: { resolve: { conditions: ["@cuepoint/source"] } },
  test: {
    include: process.env.DATABASE_URL ? POSTGRES_SUITES : ["src/**/*.test.ts"],
    // The files mostly wait on their database, sockets and ffmpeg: on the 2-core CI machine two
    // workers (vitest's default there is one) took the PGlite pass from 732 s to 502 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Migrates one template database; each file's own database is a copy of it.
    globalSetup: ["src/test-support/globalSetup.ts"],
    // Each test file opens its own database (an in-memory PGlite, or a fresh PostgreSQL
    // database in Postgres mode); starting one can take a few seconds on a loaded machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
