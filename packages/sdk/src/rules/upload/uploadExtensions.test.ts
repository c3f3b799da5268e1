import { describe, expect, it } from "vitest";
import { UPLOAD_EXTENSIONS, isAllowedUpload, mediaTypeOf } from "./uploadExtensions.js";

describe("upload extensions", () => {
  it("lists exactly the spec's eleven extensions", () => {
    expect([...UPLOAD_EXTENSIONS]).toEqual([
      ".jpg", ".jpeg", ".png", ".gif", ".tiff", ".mp3", ".mp4", ".wav", ".m4a", ".ico", ".hevc",
    ]);
  });

  it("accepts every listed extension, in any case", () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      expect(isAllowedUpload(`file${extension}`)).toBe(true);
      expect(isAllowedUpload(`FILE${extension.toUpperCase()}`)).toBe(true);
    }
    expect(isAllowedUpload("My.Holiday.JpEg")).toBe(true);
  });

  it("refuses other names, names without an extension and look-alikes", () => {
    for (const name of ["a.txt", "a.webm", "a.mov", "jpg", "a.jpg.exe", "a.", "", ".mp4x", "a.constructor", "a.toString"]) {
      expect(isAllowedUpload(name), name).toBe(false);
    }
  });

  it("maps extensions to the media kind", () => {
    expect(mediaTypeOf("a.png")).toBe("image");
    expect(mediaTypeOf("a.ICO")).toBe("image");
    expect(mediaTypeOf("a.tiff")).toBe("image");
    expect(mediaTypeOf("a.mp3")).toBe("audio");
    expect(mediaTypeOf("a.wav")).toBe("audio");
    expect(mediaTypeOf("a.m4a")).toBe("audio");
    expect(mediaTypeOf("a.mp4")).toBe("video");
    expect(mediaTypeOf("a.HEVC")).toBe("video");
    expect(mediaTypeOf("a.doc")).toBeUndefined();
  });
});
