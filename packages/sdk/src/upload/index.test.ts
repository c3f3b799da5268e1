import { describe, expect, it } from "vitest";
import * as upload from "./index.js";

describe("@cuepoint/sdk/upload exports", () => {
  it("has the spec's toast texts, spelling included", () => {
    expect(upload.UPLOAD_FAILED_TOAST).toEqual({
      title: "Media upload failed",
      body: "There was an error with the media upload.",
    });
    expect(upload.UPLOAD_SUCCESS_TOAST).toEqual({
      title: "Media upload successful",
      body: "The media was uploaded successfuly.",
    });
  });

  it("has the canceled marker and the upload rules", () => {
    expect(upload.CANCELED).toBe("canceled");
    expect(upload.UPLOAD_CHUNK_SIZE).toBe(100 * 1024 * 1024);
    expect(upload.isAllowedUpload("a.HEVC")).toBe(true);
    expect(upload.mediaTypeOf("a.m4a")).toBe("audio");
    expect(upload.checkStorageLimit({ usedBytes: 0, limitGB: -1, adding: 1 })).toEqual({ ok: true });
    expect(Object.keys(upload).sort()).toEqual([
      "CANCELED", "UPLOAD_CHUNK_SIZE", "UPLOAD_EXTENSIONS", "UPLOAD_FAILED_TOAST", "UPLOAD_SUCCESS_TOAST",
      "checkStorageLimit", "createUploader", "defaultRetryDelay", "fileFromPath", "isAllowedUpload", "mediaTypeOf", "sha256Hex",
    ]);
  });
});
