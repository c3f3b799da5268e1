import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake service received, for tests to assert its shape. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON or as a url-encoded form, when it is one. */
  data: unknown;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

/** Answers a request; `undefined` means 404. Keyed by `"METHOD /path"` (no query). */
export type FakeRoutes = Record<string, (request: ReceivedRequest) => FakeAnswer | undefined>;

export interface FakeService {
  url: string;
  requests: ReceivedRequest[];
  /** The requests to `"METHOD /path"`. */
  calls(route: string): ReceivedRequest[];
  /** Replaces or adds routes (a test's own answers). */
  on(routes: FakeRoutes): void;
  close(): Promise<void>;
}

function parse(body: string, type: string | undefined): unknown {
  if (!body) return undefined;
  if (type?.includes("json")) return JSON.parse(body);
  if (type?.includes("x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  return body;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a vendor's API: the server under test talks to
 * it over the network exactly as to the vendor (its base URL set by `CUEPOINT_<KIND>_BASE_URL`),
 * and tests read what arrived — auth headers, paths, bodies. Nothing of our own code is mocked.
 */
export async function startFakeService(initial: FakeRoutes = {}): Promise<FakeService> {
  const routes: FakeRoutes = { ...initial };
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = Buffer.concat(chunks).toString("utf8");
      const request: ReceivedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        data: parse(body, req.headers["content-type"]),
      };
      requests.push(request);
      const answer = routes[`${request.method} ${request.path}`]?.(request) ?? {
        status: 404,
        json: { message: `No fake route for ${request.method} ${request.path}` },
      };
      res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
      res.end(answer.json === undefined ? "" : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
    on: (more) => Object.assign(routes, more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
