import { afterEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "./sha256.js";
import { bytesOf } from "./test-support/files.js";

afterEach(() => vi.restoreAllMocks());

const ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

describe("sha256Hex", () => {
  it("hashes by streaming under Node", async () => {
    expect(await sha256Hex(new Blob(["abc"]))).toBe(ABC);
    expect(await sha256Hex(new Blob([]))).toBe(EMPTY);
  });

  it("falls back to crypto.subtle where there is no Node (browsers), with the same result", async () => {
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(undefined as never);
    const digest = vi.spyOn(crypto.subtle, "digest");
    expect(await sha256Hex(new Blob(["abc"]))).toBe(ABC);
    expect(await sha256Hex(new Blob([]))).toBe(EMPTY);
    expect(digest).toHaveBeenCalledTimes(2);
  });

  it("agrees between the two ways on a large, multi-part blob", async () => {
    const blob = new Blob([bytesOf(300_000, 1), bytesOf(70_001, 2)]).slice(17, 360_000);
    const streamed = await sha256Hex(blob);
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(undefined as never);
    expect(await sha256Hex(blob)).toBe(streamed);
  });
});
