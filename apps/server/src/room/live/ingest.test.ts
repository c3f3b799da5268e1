import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveIngest, type LiveIngest, type StreamSink } from "./ingest.js";
import { ensureFfmpeg, pushTestPattern } from "./test-support/testPush.js";

/** The RTMP ingest alone (node-media-server on 127.0.0.1): which publishes reach a sink, in FLV. */
let ingest: LiveIngest;
const received = new Map<string, { bytes: Buffer[]; ended: boolean }>();

beforeAll(async () => {
  await ensureFfmpeg();
  ingest = await startLiveIngest({
    host: "127.0.0.1",
    port: 0,
    log: () => undefined,
    accept: async (key) => {
      if (!key.startsWith("good")) return null;
      const entry = { bytes: [] as Buffer[], ended: false };
      received.set(key, entry);
      const sink: StreamSink = { write: (flv) => entry.bytes.push(flv), end: () => (entry.ended = true) };
      return sink;
    },
  });
});
afterAll(() => ingest?.stop());

describe("the RTMP ingest", () => {
  it("hands an accepted stream to its sink as FLV, from its header, and ends it when the encoder leaves", async () => {
    const push = pushTestPattern(`rtmp://127.0.0.1:${ingest.port}/live/good-one`, 2);
    expect((await push.exited).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const entry = received.get("good-one");
    const all = Buffer.concat(entry?.bytes ?? []);
    expect(all.subarray(0, 3).toString()).toBe("FLV");
    expect(all.length).toBeGreaterThan(20_000);
    expect(entry?.ended).toBe(true);
  });

  it("refuses a key it does not accept and another app than live: the encoder is cut off", async () => {
    const wrong = pushTestPattern(`rtmp://127.0.0.1:${ingest.port}/live/wrong-key`, 5);
    const app = pushTestPattern(`rtmp://127.0.0.1:${ingest.port}/other/good-two`, 5);
    const [a, b] = await Promise.all([wrong.exited, app.exited]);
    expect(a.code).not.toBe(0);
    expect(b.code).not.toBe(0);
    expect(received.has("wrong-key")).toBe(false);
    expect(received.has("good-two")).toBe(false);
  });

  it("refuses playing a stream over RTMP", async () => {
    const push = pushTestPattern(`rtmp://127.0.0.1:${ingest.port}/live/good-three`, 4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { execFile } = await import("node:child_process");
    const code = await new Promise<number | null>((resolve) => {
      const child = execFile("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", `rtmp://127.0.0.1:${ingest.port}/live/good-three`, "-t", "1", "-f", "null", "-"], { timeout: 8000 });
      child.on("close", resolve);
    });
    expect(code).not.toBe(0);
    push.stop();
    await push.exited;
  });
});
