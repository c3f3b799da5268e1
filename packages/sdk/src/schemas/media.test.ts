import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { formatSizeGB, MediaItemSchema, MediaTypeSchema } from "./media.js";
import { issuePath } from "./test-support/issuePath.js";

const video = { uniqueID: "m_1", name: "intro.mp4", size: 1_048_576, type: "video", video_length: "00:12:30" };

describe("MediaItemSchema", () => {
  it("parses a video and defaults its folder to the top level", () => {
    expect(v.parse(MediaItemSchema, { ...video, encoding_status: 1 })).toEqual({
      ...video,
      encoding_status: 1,
      folder_id: null,
    });
  });

  it("keeps a folder's library", () => {
    const folder = { uniqueID: "f_1", name: "Intros", size: 0, type: "folder", folder_type: "image" };
    expect(v.parse(MediaItemSchema, folder)).toEqual({ ...folder, folder_id: null });
    expect(issuePath(MediaItemSchema, { ...folder, folder_type: "pdf" })).toBe("folder_type");
  });

  it("accepts the four media types only", () => {
    for (const type of ["image", "audio", "video", "folder"]) expect(v.is(MediaTypeSchema, type)).toBe(true);
    expect(issuePath(MediaItemSchema, { ...video, type: "document" })).toBe("type");
  });

  it("checks the encoding status codes of spec §4", () => {
    for (const code of [0, 1, 2, 5]) expect(v.is(MediaItemSchema, { ...video, encoding_status: code })).toBe(true);
    expect(issuePath(MediaItemSchema, { ...video, encoding_status: 3 })).toBe("encoding_status");
  });

  it("names a bad length or size", () => {
    expect(issuePath(MediaItemSchema, { ...video, video_length: "12:30" })).toBe("video_length");
    expect(issuePath(MediaItemSchema, { ...video, size: 1.5 })).toBe("size");
    expect(issuePath(MediaItemSchema, { ...video, size: "100" })).toBe("size");
  });
});

describe("formatSizeGB", () => {
  it("shows binary gigabytes with two decimals", () => {
    expect(formatSizeGB(0)).toBe("0.00");
    expect(formatSizeGB(1024 ** 3)).toBe("1.00");
    expect(formatSizeGB(1.25 * 1024 ** 3)).toBe("1.25");
    expect(formatSizeGB(20 * 1024 ** 3)).toBe("20.00");
    expect(formatSizeGB(1_000_000_000)).toBe("0.93");
    expect(formatSizeGB(5 * 1024 ** 2)).toBe("0.00");
  });

  it("refuses sizes that are not byte counts", () => {
    expect(() => formatSizeGB(-1)).toThrow(RangeError);
    expect(() => formatSizeGB(Number.NaN)).toThrow(RangeError);
    expect(() => formatSizeGB(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
