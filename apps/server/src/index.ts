import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { runtimeSettings } from "./config/serverConfig.js";
import { openDatabase } from "./db/openDatabase.js";
import { startDelivery } from "./delivery/syncDelivery.js";
import { startEngine } from "./engine/engine.js";
import { engineSettings } from "./engine/env.js";
import { createMediaProcessing } from "./media/processing.js";
import { liveSettings } from "./room/live/liveSettings.js";
import { startLive } from "./room/live/startLive.js";
import { createLocalMediaStore } from "./media/store.js";
import { createRoomBus } from "./room/bus/createRoomBus.js";
import { createRoomHub } from "./room/hub/roomHub.js";
import { serveDemoPage } from "./seed/demoPage.js";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "./seed/seedDemo.js";

/**
 * The runtime entry: opens (and migrates) the database, optionally seeds the demo account
 * (`--seed-demo`, what the root `pnpm start` does), and listens on PORT.
 */
const settings = runtimeSettings();
const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
const where = db.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${settings.dataDir}`;

// Video processing after upload (src/media/README.md): each video as its upload completes, and a
// sweep now and every 30 s for what a stopped server left pending or in progress. Not the engine's.
const media = createLocalMediaStore(settings.config.mediaDir);
const mediaProcessing = createMediaProcessing({ orm: db.orm, media, now: settings.config.now });

if (process.argv.includes("--seed-demo")) {
  // `--demo-video` (the start command's) also makes the demo room's video with ffmpeg; tests leave it out.
  const { created } = await seedDemo(db.orm, new Date(), media, {
    room: { video: process.argv.includes("--demo-video"), publicURL: settings.config.publicURL },
  });
  console.log(`${created ? "Created" : "Using"} the demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

// The event room's channels and presence: stopped first, so open channels end and their attendance is written.
// Room signals reach every instance on PostgreSQL (LISTEN/NOTIFY); stopped after the hub.
const roomBus = createRoomBus(db);
const room = createRoomHub({ orm: db.orm, now: settings.config.now, bus: roomBus });
// Live broadcasts (src/room/live/README.md): where encoders publish, shown on the host's console.
const liveAt = liveSettings(process.env, settings.config.publicURL);
settings.config.liveIngestURL = liveAt.ingestURL;
const app = createApp({ db, config: settings.config, media, mediaProcessing, room });
// The event room demo's registration page (seed/demoPage.ts).
const demo = process.argv.includes("--seed-demo");
if (demo) serveDemoPage(app, db.orm);
mediaProcessing.start();
// The RTMP ingest (node-media-server) unless CUEPOINT_RTMP_PORT=off; each stream becomes the room's HLS and a recording.
const live = liveAt.enabled
  ? await startLive({ orm: db.orm, media, mediaProcessing, now: settings.config.now }, liveAt).catch((error: unknown) => {
      // Another process holds the port: the server runs on, without live broadcasts on this instance.
      console.error(`The live ingest could not listen on ${liveAt.host}:${liveAt.port}: ${(error as Error).message}`);
      return undefined;
    })
  : undefined;
// The automation engine: carries out timeline actions when due (src/engine/README.md).
const automation = engineSettings();
const engine = automation.enabled ? await startEngine({ db, config: settings.config, ...automation.options }) : undefined;
// Sessions and registrants on Zoom and GoTo Webinar, and their attendance (src/delivery/README.md).
const delivery = automation.enabled ? startDelivery({ orm: db.orm, now: settings.config.now }) : undefined;
const server = serve({ fetch: app.fetch, port: settings.port }, (info) => {
  console.log(`Cuepoint is running at http://localhost:${info.port} on ${where}.`);
  if (live) console.log(`Live ingest: ${liveAt.ingestURL}/<stream key> (listening on ${liveAt.host}:${live.ingest.port}).`);
  console.log(`API: http://localhost:${info.port}/api · OpenAPI: http://localhost:${info.port}/api/openapi.json`);
  if (demo) console.log(`Event room demo: register at http://localhost:${info.port}/demo and watch the next session (every 15 minutes).`);
  const mail = settings.config.mail;
  console.log(mail ? `Mail is sent through ${new URL(mail.url).host} as ${mail.from}.` : "Mail is printed to this log (set CUEPOINT_SMTP_URL to send it).");
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  const closed = room
    .stop()
    .catch((error: unknown) => console.error("The room's attendance could not be written:", error))
    .then(() => roomBus.stop());
  server.close(() => {
    Promise.all([closed, live?.stop(), engine?.stop(), delivery?.stop(), mediaProcessing.stop()])
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
