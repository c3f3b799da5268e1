import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A file part of a recorded multipart body. */
export interface RecordedFile {
  file: string;
  type: string;
  text: string;
}

/** One request as the server saw it, body decoded by its content type. */
export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  contentType: string | undefined;
  /** `none` (empty), `json`, `multipart`, `urlencoded` or `text`. */
  encoding: "none" | "json" | "multipart" | "urlencoded" | "text";
  body: unknown;
  /** The multipart body as the server would read it, files included. */
  form?: FormData;
}

/** A scripted answer; `body` objects go as JSON, strings as `contentType` (default text/plain). */
export interface Scripted {
  status?: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Recorder {
  /** Base URL, `http://127.0.0.1:<port>`. */
  url: string;
  requests: Recorded[];
  /** The last request received. */
  last(): Recorded;
  /** Queues answers for `METHOD /path` (no query); once used up, the default answer applies. */
  script(route: string, ...answers: Scripted[]): void;
  /** Forgets requests and scripts. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_ANSWER: Scripted = { status: 200, body: { success: true } };

const decode = async (
  url: string,
  method: string,
  contentType: string | undefined,
  raw: Buffer,
): Promise<Pick<Recorded, "encoding" | "body" | "form">> => {
  if (raw.length === 0) return { encoding: "none", body: undefined };
  const type = contentType?.split(";")[0]?.trim();
  if (type === "application/json") return { encoding: "json", body: JSON.parse(raw.toString("utf8")) };
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    const form = await new Request(url, { method, headers: { "content-type": contentType ?? "" }, body: new Uint8Array(raw) }).formData();
    const body: Record<string, string | RecordedFile> = {};
    for (const [name, value] of form) {
      body[name] =
        typeof value === "string" ? value : { file: value.name, type: value.type, text: await value.text() };
    }
    return { encoding: type === "multipart/form-data" ? "multipart" : "urlencoded", body, form };
  }
  return { encoding: "text", body: raw.toString("utf8") };
};

/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) that records every request and answers from
 * per-route scripts, so client tests exercise real fetch, real headers and real multipart.
 *
 * @example
 * const server = await startRecorder()
 * server.script("GET /webinars", { status: 503 }, { body: { success: [], total: 0 } })
 * await createClient({ apiURL: server.url }).webinars.list()
 * server.requests.length // 2
 */
export async function startRecorder(): Promise<Recorder> {
  const requests: Recorded[] = [];
  const scripts = new Map<string, Scripted[]>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const method = req.method ?? "GET";
        const contentType = req.headers["content-type"];
        const decoded = await decode(url.href, method, contentType, Buffer.concat(chunks));
        requests.push({
          method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          contentType,
          ...decoded,
        });
        const answer = scripts.get(`${method} ${url.pathname}`)?.shift() ?? DEFAULT_ANSWER;
        const { status = 200, body, headers = {} } = answer;
        const isText = typeof body === "string";
        res.writeHead(status, {
          ...(body === undefined ? {} : { "content-type": answer.contentType ?? (isText ? "text/plain" : "application/json") }),
          ...headers,
        });
        res.end(body === undefined ? undefined : isText ? body : JSON.stringify(body));
      })().catch((error: unknown) => {
        res.writeHead(599, { "content-type": "text/plain" });
        res.end(String(error));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last: () => {
      const request = requests.at(-1);
      if (!request) throw new Error("No request recorded yet");
      return request;
    },
    script: (route, ...answers) => scripts.set(route, [...(scripts.get(route) ?? []), ...answers]),
    reset: () => {
      requests.length = 0;
      scripts.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
