import { describe, expect, it } from "vitest";
import { formatRemaining, formatSpeed } from "./formatUpload.js";

describe("formatSpeed", () => {
  it("picks a binary unit", () => {
    expect(formatSpeed(0)).toBe("—");
    expect(formatSpeed(512)).toBe("512 B/s");
    expect(formatSpeed(1_572_864)).toBe("1.5 MB/s");
    expect(formatSpeed(50 * 1024 * 1024)).toBe("50 MB/s");
  });
});

describe("formatRemaining", () => {
  it("says seconds, minutes or hours left", () => {
    expect(formatRemaining(0)).toBe("");
    expect(formatRemaining(4.2)).toBe("5 s left");
    expect(formatRemaining(125)).toBe("2 min 5 s left");
    expect(formatRemaining(3 * 3600 + 120)).toBe("3 h 2 min left");
  });
});
