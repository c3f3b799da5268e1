import { describe, expect, it } from "vitest";
import { BYTES_PER_GB } from "../../constants.js";
import { checkStorageLimit } from "./storageLimit.js";

describe("checkStorageLimit", () => {
  it("rejects an upload that would exceed the plan, with a clear message", () => {
    const result = checkStorageLimit({
      usedBytes: 1.65 * BYTES_PER_GB,
      limitGB: 2,
      adding: 1.2 * BYTES_PER_GB,
    });
    expect(result).toEqual({
      ok: false,
      message: "This upload needs 1.20 GB but only 0.35 GB of your 2 GB storage is left.",
    });
  });

  it("accepts an upload that fits, including one that fills the storage exactly", () => {
    expect(checkStorageLimit({ usedBytes: 0, limitGB: 2, adding: BYTES_PER_GB })).toEqual({ ok: true });
    expect(checkStorageLimit({ usedBytes: BYTES_PER_GB, limitGB: 2, adding: BYTES_PER_GB })).toEqual({ ok: true });
    expect(checkStorageLimit({ usedBytes: BYTES_PER_GB, limitGB: 2, adding: BYTES_PER_GB + 1 }).ok).toBe(false);
  });

  it("treats -1 as unlimited", () => {
    expect(checkStorageLimit({ usedBytes: 1e15, limitGB: -1, adding: 1e15 })).toEqual({ ok: true });
  });

  it("never reports negative space left when already over the limit", () => {
    const result = checkStorageLimit({ usedBytes: 3 * BYTES_PER_GB, limitGB: 2, adding: 1 });
    expect(result).toEqual({
      ok: false,
      message: "This upload needs 0.00 GB but only 0.00 GB of your 2 GB storage is left.",
    });
  });
});
