import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One `POST upload/chunk` as the server read it. */
export interface ChunkPost {
  fileId: string;
  userId: string;
  isLast: boolean;
  name: string;
  mime: string;
  start: number;
  position: number;
  index: number;
  size: number;
  checksum: string;
  /** Only when the uploader sent one. */
  folderId?: string;
  /** Bytes in the file part. */
  length: number;
  authorization: string | undefined;
}

/** A scripted fault, fired once by the first matching chunk post. */
export type Fault = { index: number; fileId?: string } & (
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "drop" }
  | { kind: "checksum" }
  | { kind: "delay"; ms: number }
);

export interface MediaStatusReply {
  ready: boolean;
  status?: number;
}

export interface ChunkServer {
  /** `http://127.0.0.1:port/upload/chunk` */
  endpoint: string;
  mediaStatusURL: (id: number | string) => string;
  posts: ChunkPost[];
  /** Each post's parts as sent: names in order, text values (a file part as `File`). */
  forms: Array<Array<[string, string]>>;
  resumeQueries: string[];
  statusQueries: string[];
  /** Most chunk posts ever handled at the same time. */
  maxInFlight: number;
  fault(fault: Fault): void;
  /** Pretend an earlier upload already delivered these chunks. */
  hold(fileId: string, chunks: Record<number, Uint8Array>): void;
  assembled(fileId: string): Uint8Array | undefined;
  /** Replies to the status questions about media `id`, in order; the last one repeats. */
  mediaStatus(id: number | string, replies: MediaStatusReply[]): void;
  /** Resolves with the next post that matches. */
  nextPost(match?: (post: ChunkPost) => boolean): Promise<ChunkPost>;
  close(): Promise<void>;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const typeOf = (name: string) =>
  /\.(mp4|hevc)$/i.test(name) ? "video" : /\.(mp3|wav|m4a)$/i.test(name) ? "audio" : "image";

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * A real chunk server on 127.0.0.1 for the uploader's tests: parses the multipart posts, checks
 * each chunk's SHA-256, keeps chunks per fileId in memory, answers the resume query and the media
 * status question, assembles the file on the last chunk, and plays scripted faults.
 */
export async function startChunkServer(): Promise<ChunkServer> {
  const chunks = new Map<string, Map<number, Uint8Array>>();
  const files = new Map<string, Uint8Array>();
  const statuses = new Map<string, MediaStatusReply[]>();
  const faults: Fault[] = [];
  const waiters: { match: (post: ChunkPost) => boolean; resolve: (post: ChunkPost) => void }[] = [];
  let inFlight = 0;
  let nextId = 100;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

  async function receive(req: IncomingMessage, res: ServerResponse) {
    const form = await new Request("http://loopback/", {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: await readBody(req),
    }).formData();
    const field = (name: string) => String(form.get(name) ?? "");
    const bytes = new Uint8Array(await (form.get("file") as Blob).arrayBuffer());
    const post: ChunkPost = {
      fileId: field("fileId"), userId: field("userId"), isLast: field("isLast") === "true",
      name: field("name"), mime: field("mime"), start: Number(field("start")),
      position: Number(field("position")), index: Number(field("index")), size: Number(field("size")),
      checksum: field("checksum"), length: bytes.length, authorization: req.headers.authorization,
      ...(form.has("folderId") && { folderId: field("folderId") }),
    };
    server.posts.push(post);
    server.forms.push([...form].map(([name, value]) => [name, typeof value === "string" ? value : "File"]));
    for (const waiter of waiters.splice(0)) {
      if (waiter.match(post)) waiter.resolve(post);
      else waiters.push(waiter);
    }
    const at = faults.findIndex((f) => f.index === post.index && (f.fileId ?? post.fileId) === post.fileId);
    const fault = at < 0 ? undefined : faults.splice(at, 1)[0];
    if (fault?.kind === "drop") return void req.socket.destroy();
    if (fault?.kind === "delay") await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === "status") return send(res, fault.status, fault.body ?? { message: `Scripted ${fault.status}` });
    if (fault?.kind === "checksum" || sha256(bytes) !== post.checksum)
      return send(res, 422, { code: "checksum_mismatch", message: "Checksum mismatch" });
    const held = chunks.get(post.fileId) ?? new Map<number, Uint8Array>();
    chunks.set(post.fileId, held.set(post.index, bytes));
    if (!post.isLast) return send(res, 200, { ok: true });
    const ordered = Array.from({ length: post.index + 1 }, (_, index) => held.get(index));
    if (ordered.some((part) => !part)) return send(res, 409, { message: "Missing chunks" });
    const whole = new Uint8Array(Buffer.concat(ordered as Uint8Array[]));
    if (whole.length !== post.size) return send(res, 409, { message: "Size mismatch" });
    files.set(post.fileId, whole);
    const id = nextId++;
    send(res, 200, { message: { uuid: post.fileId, uniqueID: `media-${id}`, type: typeOf(post.name), id } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://loopback");
    if (req.method === "POST" && url.pathname === "/upload/chunk") {
      inFlight++;
      server.maxInFlight = Math.max(server.maxInFlight, inFlight);
      try {
        await receive(req, res);
      } finally {
        inFlight--;
      }
    } else if (req.method === "GET" && url.pathname === "/upload/chunk") {
      const fileId = url.searchParams.get("fileId") ?? "";
      server.resumeQueries.push(fileId);
      send(res, 200, { chunks: [...(chunks.get(fileId)?.keys() ?? [])] });
    } else if (req.method === "GET" && url.pathname.startsWith("/media/")) {
      const id = url.pathname.split("/")[2] ?? "";
      server.statusQueries.push(id);
      const replies = statuses.get(id) ?? [{ ready: true, status: 0 }];
      send(res, 200, replies.length > 1 ? replies.shift() : replies[0]);
    } else send(res, 404, { message: "Not found" });
  }

  const http = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const server: ChunkServer = {
    endpoint: `${base}/upload/chunk`,
    mediaStatusURL: (id) => `${base}/media/${id}/status`,
    posts: [],
    forms: [],
    resumeQueries: [],
    statusQueries: [],
    maxInFlight: 0,
    fault: (fault) => void faults.push(fault),
    hold: (fileId, held) =>
      void chunks.set(fileId, new Map(Object.entries(held).map(([index, bytes]) => [Number(index), bytes]))),
    assembled: (fileId) => files.get(fileId),
    mediaStatus: (id, replies) => void statuses.set(String(id), [...replies]),
    nextPost: (match = () => true) => new Promise((resolve) => waiters.push({ match, resolve })),
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
