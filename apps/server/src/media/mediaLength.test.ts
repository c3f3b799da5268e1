import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mp4File, wavFile } from "../test-support/mediaFixtures.js";
import { formatLength, readMediaLength } from "./mediaLength.js";

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), "cuepoint-length-"))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const file = async (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
};

describe("readMediaLength", () => {
  it("reads a WAV's length from its header", async () => {
    expect(await readMediaLength(await file("a.wav", wavFile(3)))).toBe("00:00:03");
  });

  it("reads an MP4 with no audio track from its movie header", async () => {
    expect(await readMediaLength(await file("a.mp4", mp4File(3723)))).toBe("01:02:03");
  });

  it("says nothing for a file that is not what its extension claims", async () => {
    expect(await readMediaLength(await file("b.mp4", new TextEncoder().encode("not a video at all")))).toBeUndefined();
    expect(await readMediaLength(await file("c.hevc", new Uint8Array(64)))).toBeUndefined();
  });

  it("formats seconds as hh:mm:ss, hours past 99 included", () => {
    expect(formatLength(0)).toBe("00:00:00");
    expect(formatLength(59.5)).toBe("00:01:00");
    expect(formatLength(360_000 + 61)).toBe("100:01:01");
  });
});
