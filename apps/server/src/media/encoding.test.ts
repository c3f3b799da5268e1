import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { access, chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, timelines, type HlsManifest } from "../db/schema/index.js";
import { createMediaTestApp, postChunk } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { audioOnlyMp4, syntheticVideo } from "../test-support/videoFiles.js";
import { hlsFolderKey, SUPERSEDED_GRACE_MS } from "./encode/encodeVideo.js";
import { storageUsed } from "./items.js";
import { segmentName } from "./encode/rendition.js";
import { createMediaProcessing, PROCESSING_CLAIM_TIMEOUT_MS, type MediaProcessingOptions } from "./processing.js";
import { createLocalMediaStore } from "./store.js";

const run = promisify(execFile);

/**
 * Encoding with the real ffmpeg (Debian's 5.1), on tiny synthetic videos. Uploads stay pending
 * (`processOnUpload: false`) until a processor made here takes them. A "gated" processor runs
 * ffmpeg through a wrapper that holds the ladder's run (the one with `-var_stream_map`) until the
 * test opens the gate, so the state while the ladder is made can be looked at, and a server
 * stopping in the middle of it can be played.
 */
let t: TestApp & { mediaDir: string };
let token: string;
let owner: Client;
let accountId: string;
let scratch: string;
beforeAll(async () => {
  t = await createMediaTestApp({}, { processOnUpload: false });
  const user = await t.user();
  accountId = user.accountId;
  token = await t.login(user.email);
  owner = t.client(token);
  scratch = await mkdtemp(join(tmpdir(), "cuepoint-encoding-"));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

const processor = (options: Partial<MediaProcessingOptions> = {}) =>
  createMediaProcessing({ orm: t.db.orm, media: createLocalMediaStore(t.mediaDir), now: t.clock.now, heartbeatMs: 50, ...options });

/** A processor whose ladder waits for `open()`; `reached` resolves once the ladder's ffmpeg is waiting. */
async function gatedProcessor() {
  const gate = join(scratch, randomUUID());
  const script = join(scratch, `${randomUUID()}.sh`);
  await writeFile(
    script,
    `#!/bin/bash
for arg in "$@"; do
  if [ "$arg" = "-var_stream_map" ]; then
    touch "${gate}.reached"
    while [ ! -e "${gate}" ]; do sleep 0.05; done
  fi
done
exec ffmpeg "$@"
`,
  );
  await chmod(script, 0o755);
  const reached = (async () => {
    for (;;) {
      if (await exists(`${gate}.reached`)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    processing: processor({ tools: { ffmpeg: script, ffprobe: "ffprobe" } }),
    reached,
    open: () => writeFile(gate, ""),
  };
}

const exists = (path: string) => access(path).then(() => true, () => false);

async function upload(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const reply = await postChunk(t, token, { fileId: randomUUID(), name, bytes });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { message: { uniqueID: string } }).message.uniqueID;
}

const row = async (id: string) => (await t.db.orm.select().from(media).where(eq(media.id, id)))[0]!;
const listed = async (id: string) => (await owner.media.list("video")).success.find((item) => item.uniqueID === id);
const local = (key: string) => join(t.mediaDir, key);
const runsOf = (id: string) => readdir(local(hlsFolderKey(accountId, id))).catch(() => [] as string[]);

/** Keyframe times (seconds) of a segment's video, by ffprobe. */
async function keyframes(path: string): Promise<number[]> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries", "frame=pts_time", "-of", "csv=p=0", path]);
  return stdout.split("\n").filter(Boolean).map((line) => Number.parseFloat(line));
}

/** Bytes of every file under a folder. */
async function bytesUnder(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Every segment of every rendition is a file, and the durations add up to the video's. */
async function expectServable(manifest: HlsManifest) {
  for (const rendition of manifest.renditions) {
    for (let i = 0; i < rendition.segments.length; i++) {
      expect(await exists(local(`${rendition.path}/${segmentName(i)}`))).toBe(true);
    }
    const total = rendition.segments.reduce((a, b) => a + b, 0);
    expect(Math.abs(total - manifest.durationSeconds)).toBeLessThan(0.25);
    expect(rendition.path.startsWith(`${hlsFolderKey(accountId, "")}`)).toBe(true);
  }
  const poster = await readFile(local(manifest.poster!));
  expect([poster[0], poster[1]]).toEqual([0xff, 0xd8]); // a JPEG
}

describe("encoding a video to HLS", () => {
  it("makes an H.264/AAC upload playable by repackaging (2 → 1 with a source rendition), then encodes its ladder (→ 0)", async () => {
    // 1280x720 at 5 fps (cheap to encode), a keyframe every 3 s (a copied stream can only be cut there), 7 s.
    const bytes = await syntheticVideo({ seconds: 7, width: 1280, height: 720, fps: 5, keyframeSeconds: 3 });
    const id = await upload("webinar.mp4", bytes);
    const queued = await upload("next.mp4", await syntheticVideo({ seconds: 2 }));
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 2 });

    const gated = await gatedProcessor();
    gated.processing.afterUpload({ id, accountId });
    gated.processing.afterUpload({ id: queued, accountId });
    await gated.reached;

    // Playable: the source rendition is published while the ladder waits.
    const playable = await row(id);
    expect(playable).toMatchObject({ encodingStatus: 1, encodingProgress: 5, videoLength: "00:00:07" });
    const source = playable.hls!;
    expect(source.ladderComplete).toBe(false);
    expect(source.renditions.map((r) => [r.name, r.width, r.height])).toEqual([["source", 1280, 720]]);
    expect(source.renditions[0]!.codecs).toBe("avc1.42e01f,mp4a.40.2"); // as uploaded: x264 ultrafast's Constrained Baseline 3.1
    expect(source.renditions[0]!.segments.length).toBeGreaterThanOrEqual(2);
    await expectServable(source);
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 1, encoding_progress: 5 });
    expect(await listed(id)).toMatchObject({ encoding_status: 1, encoding_progress: 5 });
    // One encode at a time: the second upload has not been claimed yet.
    expect(await row(queued)).toMatchObject({ encodingStatus: 2, processingAttempts: 0 });

    await gated.open();
    await gated.processing.idle();
    const done = await row(id);
    expect(done).toMatchObject({ encodingStatus: 0, encodingProgress: null, encodingError: null, videoLength: "00:00:07" });
    const ladder = done.hls!;
    expect(ladder.ladderComplete).toBe(true);
    expect(ladder.version).toBe(source.version); // one run: the source rendition was its first step
    expect(ladder.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ["360p", 640, 360],
      ["720p", 1280, 720],
    ]);
    expect(ladder.durationSeconds).toBeCloseTo(7, 1);
    for (const rendition of ladder.renditions) {
      expect(rendition.segments.slice(0, -1)).toEqual([6]); // 6 s segments, the last one shorter
      expect(rendition.bandwidth).toBeGreaterThan(0);
    }
    await expectServable(ladder);
    // A keyframe every 2 s.
    const times = await keyframes(local(`${ladder.renditions[1]!.path}/${segmentName(0)}`));
    expect(times.slice(1).map((time, i) => Math.round((time - times[i]!) * 100) / 100)).toEqual([2, 2]);
    // The source rendition is no longer offered, but still served to the players holding it.
    expect(ladder.superseded).toEqual(source.renditions);
    expect(await exists(local(`${source.renditions[0]!.path}/${segmentName(0)}`))).toBe(true);
    expect(await owner.media.status(id)).toEqual({ ready: true, status: 0 });

    expect(await row(queued)).toMatchObject({ encodingStatus: 0, processingAttempts: 1 });
  }, 90_000); // two real encodes, on a machine that may be busy

  it("encodes a video that is not H.264 (MPEG-4 part 2, MP3) straight into the ladder, with AAC", async () => {
    const id = await upload("old-camera.mp4", await syntheticVideo({ seconds: 3, codec: "mpeg4" }));
    const gated = await gatedProcessor();
    gated.processing.afterUpload({ id, accountId });
    await gated.reached;
    expect(await row(id)).toMatchObject({ encodingStatus: 1, hls: null }); // nothing to play before the ladder
    await gated.open();
    await gated.processing.idle();
    const { hls, encodingStatus } = await row(id);
    expect(encodingStatus).toBe(0);
    // 320x180: no rung above the source but 360p, which every video gets.
    expect(hls!.renditions.map((r) => [r.name, r.height, r.codecs.endsWith(",mp4a.40.2")])).toEqual([["360p", 360, true]]);
    await expectServable(hls!);
  });

  it("gives a silent video a silent AAC track (every segment carries audio)", async () => {
    const id = await upload("silent.mp4", await syntheticVideo({ seconds: 2, audio: false }));
    await processor().sweep();
    const { hls, encodingStatus } = await row(id);
    expect(encodingStatus).toBe(0);
    expect(hls!.renditions[0]!.codecs).toMatch(/,mp4a\.40\.2$/);
  });

  it("makes 1080p when a timeline playing the video asks for high definition", async () => {
    const bytes = await syntheticVideo({ seconds: 1, width: 1920, height: 1080, fps: 5 });
    const id = await upload("hd.mp4", bytes);
    await t.db.orm.insert(timelines).values({
      accountId,
      name: "HD webinar",
      setting: createMasterSetting({ general: { videoFile: id, highDefinition: true } }),
    });
    await processor().sweep();
    expect((await row(id)).hls!.renditions.map((r) => r.name)).toEqual(["360p", "720p", "1080p"]);
  }, 60_000);

  it.each([
    ["random bytes named .mp4", "broken.mp4", async () => new Uint8Array(crypto.getRandomValues(new Uint8Array(64 * 1024))), /^(ffmpeg could not read this file: .*Invalid data|This file has no video stream)/],
    ["an audio-only MP4", "podcast.mp4", () => audioOnlyMp4(2), /^This file has no video stream$/],
  ])("fails (5) %s with a message the host sees, and leaves no file behind", async (_, name, make, message) => {
    const id = await upload(name, await make());
    const logged: string[] = [];
    expect(await processor({ log: (m) => logged.push(m) }).sweep()).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ encodingStatus: 5, hls: null, encodingProgress: null, videoLength: null });
    expect(failed.encodingError).toMatch(message);
    expect(await listed(id)).toMatchObject({ encoding_status: 5, encoding_error: failed.encodingError });
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 5, encoding_error: failed.encodingError });
    expect(await exists(local(hlsFolderKey(accountId, id)))).toBe(false);
    expect(logged).toHaveLength(1);
  });

  it("fails (5) with \"ffmpeg is not installed on the server\" when it is not, without crashing", async () => {
    const id = await upload("nowhere.mp4", await syntheticVideo({ seconds: 1 }));
    const missing = { ffmpeg: join(scratch, "no-ffmpeg"), ffprobe: join(scratch, "no-ffprobe") };
    expect(await processor({ tools: missing, log: () => {} }).sweep()).toBe(1);
    expect(await row(id)).toMatchObject({ encodingStatus: 5, encodingError: "ffmpeg is not installed on the server" });
  });

  it("keeps serving what was published when its server stops mid-encode, and another server finishes the ladder", async () => {
    const id = await upload("interrupted.mp4", await syntheticVideo({ seconds: 3 }));
    const gated = await gatedProcessor();
    gated.processing.afterUpload({ id, accountId });
    await gated.reached;
    const served = (await row(id)).hls!;
    expect(served.ladderComplete).toBe(false);

    await gated.processing.stop(); // kills the ffmpeg waiting at the gate: the server goes down
    const after = await row(id);
    expect(after).toMatchObject({ encodingStatus: 1, hls: served }); // still served, still in progress
    await expectServable(served);
    expect(await runsOf(id)).toEqual([served.version]);
    expect(await readdir(local(`${hlsFolderKey(accountId, id)}/${served.version}`))).toEqual(
      expect.not.arrayContaining(["360p"]),
    );

    // No heartbeat any more: once the claim is stale, another server takes the video up.
    expect(await processor().sweep()).toBe(0);
    t.clock.advance(PROCESSING_CLAIM_TIMEOUT_MS + 1000);
    expect(await processor().sweep()).toBe(1);
    const finished = await row(id);
    expect(finished).toMatchObject({ encodingStatus: 0, processingAttempts: 2 });
    expect(finished.hls!.ladderComplete).toBe(true);
    expect(finished.hls!.version).not.toBe(served.version);
    await expectServable(finished.hls!);
    // The old run stays only for its source rendition, superseded (players may hold it); its poster went.
    expect(finished.hls!.superseded).toEqual(served.renditions);
    expect((await runsOf(id)).sort()).toEqual([served.version, finished.hls!.version].sort());
    expect(await readdir(local(`${hlsFolderKey(accountId, id)}/${served.version}`))).toEqual(["source"]);
  }, 60_000);

  it("removes a video's HLS files with the video", async () => {
    const id = await upload("short-lived.mp4", await syntheticVideo({ seconds: 1 }));
    await processor().sweep();
    expect(await runsOf(id)).toHaveLength(1);
    await owner.media.delete(id);
    expect(await exists(local(hlsFolderKey(accountId, id)))).toBe(false);
  });
  it("makes 1080p after the ladder when high definition was switched on while the ladder was being made", async () => {
    const id = await upload("switched.mp4", await syntheticVideo({ seconds: 1, width: 1920, height: 1080, fps: 5 }));
    const gated = await gatedProcessor();
    gated.processing.afterUpload({ id, accountId });
    await gated.reached;
    // In progress (1): the save finds nothing to re-queue yet.
    await owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Switched", videoFile: id, highDefinition: true } }) });
    expect(await row(id)).toMatchObject({ encodingStatus: 1 });
    await gated.open();
    await gated.processing.idle();
    const done = await row(id);
    expect(done).toMatchObject({ encodingStatus: 0, processingAttempts: 1 }); // the second run's claim, attempts counted afresh
    expect(done.hls!.renditions.map((r) => r.name)).toEqual(["360p", "720p", "1080p"]);
  }, 90_000);

  it("keeps the replaced source rendition a day, counting every HLS byte toward storage until the video is deleted", async () => {
    const user = await t.user();
    const theirs = await t.login(user.email);
    const bytes = await syntheticVideo({ seconds: 4, width: 1280, height: 720, fps: 5 });
    const reply = await postChunk(t, theirs, { fileId: randomUUID(), name: "counted.mp4", bytes });
    const id = ((await reply.json()) as { message: { uniqueID: string } }).message.uniqueID;
    const folder = local(hlsFolderKey(user.accountId, id));
    const used = () => storageUsed(t.db.orm, user.accountId, t.clock.now());
    expect(await used()).toBe(bytes.byteLength);

    const started = t.clock.now().getTime();
    await processor().sweep();
    const done = (await row(id)).hls!;
    expect(done.superseded!.map((r) => r.name)).toEqual(["source"]);
    const grace = Date.parse(done.supersededUntil!) - SUPERSEDED_GRACE_MS;
    expect(grace >= started && grace <= t.clock.now().getTime()).toBe(true);
    // Every file under the video's HLS folder is named by the manifest and counted.
    expect(done.bytes).toBe(await bytesUnder(folder));
    expect(await used()).toBe(bytes.byteLength + done.bytes!);

    // Within the day nothing goes; after it, the sweep removes the source and its bytes.
    t.clock.advance(Date.parse(done.supersededUntil!) - 60_000 - t.clock.now().getTime());
    await processor().sweep();
    expect((await row(id)).hls).toEqual(done);
    t.clock.advance(Date.parse(done.supersededUntil!) + 1000 - t.clock.now().getTime());
    await processor().sweep();
    const after = (await row(id)).hls!;
    expect(after).toEqual({ ...done, superseded: undefined, supersededUntil: undefined, bytes: after.bytes });
    expect("superseded" in after).toBe(false);
    expect(await exists(local(done.superseded![0]!.path))).toBe(false);
    expect(after.bytes).toBe(await bytesUnder(folder));
    expect(after.bytes).toBeLessThan(done.bytes!);
    for (const rendition of after.renditions) expect(await exists(local(`${rendition.path}/${segmentName(0)}`))).toBe(true);
    expect(await used()).toBe(bytes.byteLength + after.bytes!);

    // A day later the session has ended: log in again (the last test of the file, as it moves the clock a day).
    await t.client(await t.login(user.email)).media.delete(id);
    expect(await used()).toBe(0);
    expect(await exists(folder)).toBe(false);
  }, 60_000);
});
