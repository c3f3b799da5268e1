import { describe, expect, it } from "vitest";
import { createReassembler, encodeSignal, PART_BYTES, readPart, splitUtf8 } from "./signalChunks.js";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("signal parts", () => {
  it("a small signal is one payload, read back with its header", () => {
    const [payload, ...rest] = encodeSignal({ instance: "i1", signal: "3", eventId: "e-1" }, '{"type":"ban"}');
    expect(rest).toEqual([]);
    expect(readPart(payload ?? "")).toEqual({
      header: { instance: "i1", signal: "3", index: 0, count: 1, eventId: "e-1" },
      text: '{"type":"ban"}',
    });
  });

  it("a large one is cut under NOTIFY's 8000 bytes, never inside a character, and put back together in any order", () => {
    const json = JSON.stringify({ body: "é😀a".repeat(5000) });
    const payloads = encodeSignal({ instance: "i1", signal: "9", eventId: "e-1" }, json);
    expect(payloads.length).toBeGreaterThan(3);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThan(8000);
    const assemble = createReassembler();
    const read = payloads.map((payload) => readPart(payload));
    const results = [read[1], read[0], ...read.slice(2)].map((part) => assemble.add(part!.header, part!.text));
    expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
    expect(results.at(-1)).toBe(json);
    expect(assemble.pending).toBe(0);
  });

  it("splits by UTF-8 bytes", () => {
    const parts = splitUtf8("😀".repeat(10), 8);
    expect(parts).toEqual(["😀😀", "😀😀", "😀😀", "😀😀", "😀😀"]);
    expect(splitUtf8("")).toEqual([""]);
    expect(splitUtf8("a".repeat(PART_BYTES + 1)).map((part) => part.length)).toEqual([PART_BYTES, 1]);
  });

  it("drops parts of a signal that never completes", () => {
    let at = 0;
    const assemble = createReassembler(1000, () => at);
    expect(assemble.add({ instance: "i", signal: "1", index: 0, count: 2, eventId: "e" }, "{")).toBeNull();
    at = 5000;
    expect(assemble.add({ instance: "i", signal: "2", index: 0, count: 2, eventId: "e" }, "{")).toBeNull();
    expect(assemble.pending).toBe(1);
  });

  it("refuses what is not a part", () => {
    expect(readPart("hello")).toBeNull();
    expect(readPart("a b 2/1 e\n{}")).toBeNull();
    expect(readPart("a b x e\n{}")).toBeNull();
  });
});
