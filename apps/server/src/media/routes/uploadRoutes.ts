import { IncomingMessage } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import * as v from "valibot";
import { UPLOAD_EXTENSIONS, UploadResumeQuerySchema } from "@cuepoint/sdk";
import { badRequest, errorBody, HttpError } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { UploadAnswer } from "../assemble.js";
import { findMedia } from "../items.js";
import { boundaryOf, readMultipart } from "../multipart.js";
import { readAhead } from "../readAhead.js";
import { receiveChunk } from "../receiveChunk.js";
import { heldChunks } from "../uploads.js";

/** The chunk endpoint below /api: the SDK uploader's `endpoint` is `${apiURL}/upload/chunk`. */
export const CHUNK_PATH = "/upload/chunk";

/** Room for the text fields and multipart framing around a chunk of the largest allowed size. */
const ENVELOPE_BYTES = 1024 * 1024;

const postChunk = defineRoute({
  method: "POST",
  path: CHUNK_PATH,
  operationId: "upload.chunk",
  bodyLimit: "streamed",
  tag: "Media",
  summary: "One chunk of a resumable file upload (the SDK uploader's wire protocol)",
  description: [
    "multipart/form-data, fields in this order, then `file`: `fileId` (the upload's id, 1–128 of `[A-Za-z0-9_-]`),",
    "`userId` (ignored: the bearer token says who uploads), `isLast` (`true`/`false`), `name`, `mime` (ignored:",
    "files are typed and served by extension), `start`, `position` (byte range of the chunk), `index` (from 0),",
    "`size` (the whole file), `checksum` (hex SHA-256 of the chunk; or sent after `file`, as the last part, by clients",
    "that hash as they send), optional `folderId` (a folder's uniqueID:",
    `the uploader's \`folderId\` option), \`file\`. The SDK's \`ChunkFieldsSchema\` reads the fields. Only`,
    `${UPLOAD_EXTENSIONS.join(" ")} are accepted (400 on \`name\`).`,
    "The body streams to the media store: before its first byte is taken, the plan's storage limit is checked",
    "with the declared `size` (the account's files plus what unfinished uploads hold: the bytes they received, and",
    "room for one more chunk while their chunks keep coming, at most 30 minutes apart; a declared size alone",
    "reserves nothing; an upload is kept 24 hours after its last chunk for a resume) → 413 with the SDK's message; a chunk over the server's chunk limit (default the",
    'SDK\'s 100 MB) → 413; a chunk whose bytes would overlap another chunk\'s → 409. Chunks may come in any order',
    "(each is written at its `start`); one whose SHA-256 differs does not count: 422 `{ code: \"checksum_mismatch\" }`,",
    "and bytes already verified stay as they were. Re-sending an index with other bytes replaces it once they verify;",
    "while another request is receiving the same index, 503 with Retry-After. The last chunk completes the file",
    "when chunks 0..index are all held (409 with `missing` indexes if some are absent; 409 and a fresh start if",
    "they do not add up to `size`) and answers",
    "`{ message: { uuid: fileId, uniqueID, type, id } }` (`id` = `uniqueID`) at once, without waiting for the",
    "video's processing: a video is stored `encoding_status` 2 (pending) with no `video_length`, and processed",
    "after the reply (its length read from the file; then 0, or 5 if it cannot be parsed; poll",
    "`GET /media/{id}/status`). An audio file's length is read before the reply (audio has no encoding status);",
    "no transcoding happens. The same last chunk sent again after completion answers the same file;",
    "while another request completes it, 503 with Retry-After. A fileId is per account: another account's chunks",
    "for the same fileId make a separate upload.",
  ].join(" "),
  access: "media:write",
  answer: {
    description: "Stored; for the last chunk, the media's identifiers.",
    schema: v.object({
      success: v.literal(true),
      message: v.optional(v.object({ uuid: v.string(), uniqueID: v.string(), type: v.string(), id: v.string() })),
    }),
  },
  async handle({ c, caller, deps }) {
    const boundary = boundaryOf(c.req.header("content-type"));
    if (!boundary) throw new HttpError(415, "Send the chunk as multipart/form-data.");
    const limit = deps.config.uploadChunkLimitBytes;
    if (Number(c.req.header("content-length")) > limit + ENVELOPE_BYTES) {
      throw new HttpError(413, `A chunk may hold at most ${limit} bytes: send smaller chunks.`, "file");
    }
    const body = requestBody(c);
    if (!body) throw badRequest('The form has no "file" part.', "file");
    try {
      const outcome = await receiveChunk(deps, caller, readMultipart(body, boundary));
      return c.json(outcome.body, outcome.status);
    } catch (error) {
      if (!(error instanceof UploadAnswer)) throw error;
      if (error.status === 503) c.header("Retry-After", "2");
      return c.json({ ...errorBody(error.message), ...error.extra }, error.status);
    }
  },
});

/**
 * The request body as pieces: on @hono/node-server straight from Node's request, read ahead (its
 * web stream would pause the socket every 16 KiB); elsewhere (tests' `app.request`) the web stream.
 */
function requestBody(c: Context): AsyncIterable<Uint8Array> | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead) return readAhead(incoming);
  return (c.req.raw.body ?? undefined) as AsyncIterable<Uint8Array> | undefined;
}

const resumeQuery = defineRoute({
  method: "GET",
  path: CHUNK_PATH,
  operationId: "upload.resume",
  tag: "Media",
  summary: "The chunk indexes already held for a fileId, so an interrupted upload continues",
  description:
    "Answers `{ chunks }` for the caller's own upload with this fileId: `[]` for an unknown fileId (or another " +
    "account's), every index once the upload is complete. The uploader skips these chunks, except the last.",
  access: "media:write",
  query: UploadResumeQuerySchema,
  answer: { description: "The held chunk indexes, ascending.", schema: v.object({ chunks: v.array(v.number()) }) },
  handle: async ({ query, caller, deps }) => ({
    chunks: await heldChunks(deps.db.orm, caller.accountId, query.fileId),
  }),
});

const mediaStatus = defineRoute({
  method: "GET",
  path: "/media/:id/status",
  operationId: "media.status",
  tag: "Media",
  summary: "Whether an uploaded media is ready (the uploader's `mediaStatusURL`)",
  description:
    "`status` is the encoding status code (0 encoded, 1 in progress, 2 pending, 5 failed) and `ready` is " +
    "`status === 0`. A video is encoded to HLS with ffmpeg after its upload completes, apart from the upload's " +
    "request: it is 2 when the last chunk has been answered, 1 while a server encodes it (`encoding_progress`, " +
    "percent; an H.264 upload becomes playable early, repackaged, while its 360p/720p ladder is made), then 0 with " +
    "`video_length` (ready), or 5 (failed, never ready) with `encoding_error` saying why in words for the host " +
    "(not a video, no video stream, a file ffmpeg cannot read, gone). A video left pending, or in progress by a " +
    "server that stopped, is taken up by a sweep (at start and every 30 s). Images, audio (its length is read " +
    "before the upload's reply; audio has no encoding status) " +
    "and folders are always `{ ready: true, status: 0 }`. Point the SDK uploader's `mediaStatusURL` at " +
    "`${apiURL}/media/${id}/status` (it polls until ready); the client asks with `media.status(id)`.",
  access: "media:read",
  answer: {
    description: "Readiness and encoding status.",
    schema: v.object({
      ready: v.boolean(),
      status: v.number(),
      encoding_progress: v.optional(v.number()),
      encoding_error: v.optional(v.string()),
    }),
  },
  async handle({ params, caller, deps }) {
    const row = await findMedia(deps.db.orm, caller.accountId, params.id ?? "");
    const status = row.encodingStatus ?? 0;
    return {
      ready: status === 0,
      status,
      ...(row.encodingProgress !== null && { encoding_progress: row.encodingProgress }),
      ...(row.encodingError !== null && { encoding_error: row.encodingError }),
    };
  },
});

export const uploadRoutes = [postChunk, resumeQuery, mediaStatus];
