/**
 * Server side of bench/room-first-frame.mjs: the real app on 127.0.0.1 (the room server of the
 * browser tests, src/test-support/roomServer.ts: in-memory PGlite, a clock set by the bench), a
 * video made with ffmpeg and encoded by the real media processor (repackaged source, then the
 * ladder: status 0), an evergreen timeline on the own platform with that video, one event and one
 * registrant. Prints one JSON line `{"url","joinUrl","encodeSeconds"}` once the room is live, then
 * reads commands on stdin, one a line:
 *
 *   live   → sets the server's clock to 5 s after the event's start (each run joins at the same
 *            moment), answers "ok"
 *   (end of stdin) → stops everything and exits
 *
 *   tsx --conditions=@cuepoint/source scripts/bench-room.ts
 */
import { createInterface } from "node:readline";
import { createClient, createMasterSetting } from "@cuepoint/sdk";
import { startRoomServer } from "../src/test-support/roomServer.js";

const VIDEO_SECONDS = 90;

const room = await startRoomServer();
try {
  const started = performance.now();
  const videoId = await room.uploadVideo("Bench.mp4", { seconds: VIDEO_SECONDS, width: 640, height: 360, fps: 25 });
  await room.t.mediaProcessing.sweep();
  await room.t.mediaProcessing.idle();
  const encodeSeconds = (performance.now() - started) / 1000;
  const video = await room.videoOf(videoId);
  if (video.encoding_status !== 0) throw new Error(`the bench video was not encoded: ${JSON.stringify(video)}`);

  const { success } = await room.owner.timelines.setMaster({
    blocks: createMasterSetting({
      general: {
        timelineName: "First frame bench",
        eventType: "evergreen-webinar",
        webinarType: "automatic",
        deliveryPlatform: "aevent",
        videoFile: videoId,
        scheduleLength: VIDEO_SECONDS / 3600,
        countdown: { enabled: true, duration: 15 },
      },
      registration: { type: "one-time" },
    }),
  });
  const timelineId = String(success.id);
  const tomorrow = `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T10:00`;
  const created = await room.owner.webinars.create({ webinarTimeline: timelineId, start: tomorrow, timeZone: "UTC" });
  const startsAt = await room.startOf(String(created.success.webinar.webinarID));
  await createClient({ apiURL: `${room.url}/api`, xsrf: false }).registration.register(timelineId, {
    name: "Bench Viewer",
    email: "bench.viewer@example.com",
  });
  const token = await room.tokenOf("bench.viewer@example.com");
  room.setNow(startsAt + 5000);
  console.log(JSON.stringify({ url: room.url, joinUrl: `${room.url}/join/${token}`, encodeSeconds }));

  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === "live") {
      room.setNow(startsAt + 5000);
      console.log("ok");
    }
  }
} finally {
  await room.close();
}
