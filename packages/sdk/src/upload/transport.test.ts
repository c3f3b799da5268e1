import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUploader } from "./createUploader.js";
import { CANCELED } from "./messages.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { bytesOf, fileOf } from "./test-support/files.js";

let server: ChunkServer;
beforeAll(async () => {
  server = await startChunkServer();
});
afterAll(() => server.close());
afterEach(() => vi.unstubAllGlobals());

/** Just enough of a browser XMLHttpRequest, sending through fetch and reporting progress at halves. */
class FakeXHR {
  static sent = 0;
  upload: { onprogress?: (event: { loaded: number }) => void } = {};
  status = 0;
  responseText = "";
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  private url = "";
  private headers: Record<string, string> = {};
  private controller = new AbortController();
  private replyHeaders = new Headers();
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.replyHeaders.get(name);
  }
  abort() {
    this.controller.abort();
  }
  send(body: FormData) {
    FakeXHR.sent++;
    const request = new Request(this.url, { method: "POST", body, headers: this.headers });
    void request.arrayBuffer().then(async (bytes) => {
      this.upload.onprogress?.({ loaded: bytes.byteLength / 2 });
      this.upload.onprogress?.({ loaded: bytes.byteLength });
      const init = { method: "POST", body: bytes, headers: request.headers, signal: this.controller.signal };
      try {
        const response = await fetch(this.url, init);
        this.status = response.status;
        this.replyHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        (this.controller.signal.aborted ? this.onabort : this.onerror)?.();
      }
    });
  }
}

describe("the XMLHttpRequest transport (browsers)", () => {
  it("is used when there is no custom fetch, and reports progress within a chunk", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    FakeXHR.sent = 0;
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 100_000, token: "t" });
    const uploaded: number[] = [];
    uploader.on("progress", (event) => uploaded.push(event.status.uploaded));
    const [item] = uploader.add(fileOf("a.mp4", 150_000, 4));
    await uploader.start();
    expect(FakeXHR.sent).toBe(2);
    expect(uploaded.some((bytes) => bytes > 0 && bytes < 100_000)).toBe(true);
    expect(uploaded.at(-1)).toBe(150_000);
    expect(server.posts.at(-1)?.authorization).toBe("Bearer t");
    expect(server.assembled(item!.uuid)).toEqual(bytesOf(150_000, 4));
  });

  it("aborts the request on cancel", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000 });
    const [item] = uploader.add(fileOf("a.mp4", 3000));
    server.fault({ fileId: item!.uuid, index: 0, kind: "delay", ms: 2000 });
    await server.nextPost((post) => post.fileId === item!.uuid);
    const started = performance.now();
    uploader.cancel(item!.uuid);
    expect(await uploader.done(item!.uuid)).toBe(CANCELED);
    await uploader.start();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("is not used when a fetch is given, which posts without following redirects", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    FakeXHR.sent = 0;
    const posts: RequestInit[] = [];
    const uploader = createUploader({
      endpoint: server.endpoint,
      userId: "u",
      fetch: (input, init) => (init?.method === "POST" && posts.push(init), fetch(input, init)),
    });
    uploader.add(fileOf("a.png", 10));
    await uploader.start();
    expect(FakeXHR.sent).toBe(0);
    // Without these, Node's fetch tees the body to replay it on a redirect: a whole chunk in memory.
    expect(posts).toMatchObject([{ redirect: "error", window: null }]);
  });

  it("echoes the XSRF cookie when no token is given (a browser's cookie session), and sends the token otherwise", async () => {
    vi.stubGlobal("document", { cookie: "theme=dark; XSRF-TOKEN=abc%2Bdef; other=1" });
    const sent: Headers[] = [];
    const fetcher = (input: RequestInfo | URL, init?: RequestInit) => (sent.push(new Headers(init?.headers)), fetch(input, init));
    const cookieSession = createUploader({ endpoint: server.endpoint, userId: "u", fetch: fetcher });
    cookieSession.add(fileOf("a.png", 10));
    await cookieSession.start();
    expect(sent.map((headers) => [headers.get("x-xsrf-token"), headers.get("authorization")])).toContainEqual(["abc+def", null]);
    sent.length = 0;
    const bearer = createUploader({ endpoint: server.endpoint, userId: "u", token: "cpat_1", fetch: fetcher });
    bearer.add(fileOf("b.png", 10));
    await bearer.start();
    expect(sent.map((headers) => [headers.get("x-xsrf-token"), headers.get("authorization")])).toContainEqual([null, "Bearer cpat_1"]);
  });
});
