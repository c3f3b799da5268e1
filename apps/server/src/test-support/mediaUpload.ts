import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUploader, type UploaderOptions, type UploadResult } from "@cuepoint/sdk/upload";
import type { ServerConfig } from "../config/serverConfig.js";
import type { MediaProcessingOptions } from "../media/processing.js";
import { createTestApp, type TestApp } from "./testApp.js";

export const API = "http://localhost/api";
export const CHUNK_ENDPOINT = `${API}/upload/chunk`;

/**
 * A test app whose media store is a fresh temporary folder (`t.mediaDir`), removed by `close`.
 * `processing.processOnUpload: false` leaves uploaded videos pending until a sweep.
 */
export async function createMediaTestApp(
  config: Partial<ServerConfig> = {},
  processing: Pick<MediaProcessingOptions, "processOnUpload"> = {},
): Promise<TestApp & { mediaDir: string }> {
  const mediaDir = await mkdtemp(join(tmpdir(), "cuepoint-media-"));
  const t = await createTestApp({ mediaDir, ...config }, processing);
  return {
    ...t,
    mediaDir,
    close: async () => {
      await t.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** A fetch that answers from the in-process app. */
export const appFetch =
  (t: TestApp): typeof fetch =>
  async (input, init) =>
    t.app.request(input instanceof Request ? input : String(input), init);

/** The SDK uploader talking to the in-process app, retrying at once. */
export function testUploader(t: TestApp, token: string, options: Partial<UploaderOptions> = {}) {
  return createUploader({
    endpoint: CHUNK_ENDPOINT,
    userId: "test",
    token,
    fetch: appFetch(t),
    retryDelay: () => 0,
    ...options,
  });
}

/** Adds one file to `uploader` and waits for its upload (rejects with the server's message). */
export async function uploadWith(
  uploader: ReturnType<typeof createUploader>,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  uuid?: string,
): Promise<UploadResult> {
  const [item] = uploader.add({ blob: new Blob([bytes]), name, ...(uuid && { uuid }) });
  if (!item) throw new Error(`${name} was not queued`);
  return (await uploader.done(item.uuid)) as UploadResult;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export interface RawChunk {
  fileId: string;
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  start?: number;
  index?: number;
  size?: number;
  isLast?: boolean;
  checksum?: string;
  /** The checksum as the last part, after the file (as the SDK's Node transport sends it); `null`: none at all. */
  checksumAfter?: true | null;
  folderId?: string;
}

/** One chunk posted by hand, fields as the SDK uploader writes them (for what the SDK would not send). */
export async function postChunk(t: TestApp, token: string, chunk: RawChunk): Promise<Response> {
  const start = chunk.start ?? 0;
  const size = chunk.size ?? start + chunk.bytes.length;
  const position = start + chunk.bytes.length;
  const form = new FormData();
  const fields = {
    fileId: chunk.fileId,
    userId: "test",
    isLast: chunk.isLast ?? position === size,
    name: chunk.name,
    mime: "",
    start,
    position,
    index: chunk.index ?? 0,
    size,
    checksum: chunk.checksum ?? sha256(chunk.bytes),
    ...(chunk.folderId && { folderId: chunk.folderId }),
  };
  const { checksum, ...before } = fields;
  for (const [field, value] of Object.entries(chunk.checksumAfter === undefined ? fields : before)) {
    form.append(field, String(value));
  }
  form.append("file", new Blob([chunk.bytes]), chunk.name);
  if (chunk.checksumAfter) form.append("checksum", checksum);
  return t.app.request(CHUNK_ENDPOINT, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
}

/** `GET path` on the app with a bearer token. */
export const getWith = async (t: TestApp, token: string, path: string, headers: Record<string, string> = {}) =>
  t.app.request(`${API}${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
