import { describe, expect, it } from "vitest";
import { channelStream } from "./channel.js";

const readAll = async (body: ReadableStream<Uint8Array>): Promise<string> => {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return Buffer.concat(chunks).toString();
};

describe("a channel's stream", () => {
  it("closes a browser that lets more than its limit pile up, and still sends what was queued", async () => {
    const { body, sink, ended } = channelStream(1024);
    let settled = false;
    void ended.then(() => (settled = true));
    const line = `data: ${"x".repeat(94)}\n\n`; // 102 bytes
    for (let i = 0; i < 10; i++) void sink.write(line); // 1,020 bytes: under the limit
    await Promise.resolve();
    expect(settled).toBe(false);
    void sink.write(line); // 1,122 bytes queued: the next write finds no room
    void sink.write(line);
    await ended;
    void sink.write("data: after\n\n"); // dropped: the channel is closed
    const sent = await readAll(body);
    expect(sent).toBe(line.repeat(11));
  });

  it("keeps a browser that reads: nothing piles up", async () => {
    const { body, sink } = channelStream(1024);
    const reader = body.getReader();
    const line = `data: ${"y".repeat(94)}\n\n`;
    let received = "";
    for (let i = 0; i < 50; i++) {
      void sink.write(line);
      const { value } = await reader.read();
      received += Buffer.from(value ?? new Uint8Array()).toString();
    }
    expect(received).toBe(line.repeat(50));
    sink.close();
    expect((await reader.read()).done).toBe(true);
  });

  it("ends when the browser goes", async () => {
    const { body, ended } = channelStream();
    await body.cancel();
    await expect(ended).resolves.toBeUndefined();
  });
});
