import { expect } from "vitest";
import { form, type Case } from "./isolationCase.js";
import { sha256 } from "./mediaUpload.js";

/** The media library and the chunked upload (isolationCases.ts): A's files, folders and uploads are unknown to B. */
export const MEDIA_CASES: Record<string, Case> = {
  "POST /media/renameFile": {
    calls: (i) => [
      { path: "/media/renameFile", body: { uniqueID: i.file, name: "taken.wav" } },
      { path: "/media/renameFile", body: { uniqueID: i.folder, name: "Taken" } },
    ],
  },
  "DELETE /media/:id": { calls: (i) => [{ path: `/media/${i.file}` }, { path: `/media/${i.folder}` }] },
  "GET /media/:id/file": { calls: (i) => [{ path: `/media/${i.file}/file` }] },
  "GET /media/:id/status": { calls: (i) => [{ path: `/media/${i.file}/status` }] },
  "GET /upload/chunk": {
    calls: (i) => [{ path: `/upload/chunk?fileId=${i.fileId}` }],
    why: "an upload is found by (account, fileId): another account's fileId is an unknown one, with no chunks held",
    expect: {
      async check(response) {
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ chunks: [] });
      },
    },
  },
  "POST /upload/chunk": {
    calls: (i) => {
      const bytes = new Uint8Array([1, 2, 3]);
      const body = form({
        fileId: i.fileId,
        isLast: "true",
        name: "x.png",
        start: "0",
        position: "3",
        index: "0",
        size: "3",
        checksum: sha256(bytes),
        folderId: i.folder,
      });
      body.append("file", new Blob([bytes]), "x.png");
      return [{ path: "/upload/chunk", body }];
    },
  },
};
