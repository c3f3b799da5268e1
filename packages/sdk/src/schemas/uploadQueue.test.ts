import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "./test-support/issuePath.js";
import { UploadQueueItemSchema, UploadStatusSchema } from "./uploadQueue.js";

describe("UploadQueueItemSchema", () => {
  it("parses a queued file with every flag off", () => {
    expect(v.parse(UploadQueueItemSchema, { uuid: "f_1", name: "talk.mp3", size: 4096, type: "audio" })).toEqual({
      uuid: "f_1",
      name: "talk.mp3",
      size: 4096,
      type: "audio",
      thumbnail: "",
      isReady: false,
      isUploading: false,
      isUploaded: false,
      isError: false,
      isCancelled: false,
    });
  });

  it("names the wrong field", () => {
    const item = { uuid: "f_1", name: "talk.mp3", size: 4096, type: "audio" };
    expect(issuePath(UploadQueueItemSchema, { ...item, type: "folder" })).toBe("type");
    expect(issuePath(UploadQueueItemSchema, { ...item, isError: "no" })).toBe("isError");
    expect(issuePath(UploadQueueItemSchema, { ...item, uuid: undefined })).toBe("uuid");
  });
});

describe("UploadStatusSchema", () => {
  it("starts at zero and keeps the reply's identifiers", () => {
    expect(v.parse(UploadStatusSchema, {})).toEqual({ progress: 0, speed: 0, remaining: 0, uploaded: 0 });
    const done = { progress: 100, speed: 1e6, remaining: 0, uploaded: 4096, fileID: "m_1", fileType: "audio", id: 17 };
    expect(v.parse(UploadStatusSchema, done)).toEqual(done);
  });

  it("names the wrong field", () => {
    expect(issuePath(UploadStatusSchema, { progress: 101 })).toBe("progress");
    expect(issuePath(UploadStatusSchema, { remaining: Number.POSITIVE_INFINITY })).toBe("remaining");
    expect(issuePath(UploadStatusSchema, { speed: -1 })).toBe("speed");
  });
});
