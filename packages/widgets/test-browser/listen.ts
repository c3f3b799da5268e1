import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

/** A fetch-style handler; `env` carries the Node request, as Hono's node adapter passes it. */
export type Handler = (
  request: Request,
  env: { incoming: IncomingMessage; outgoing: ServerResponse },
) => Response | Promise<Response>;

/**
 * Serves `handler` on 127.0.0.1 at a free port (a minimal Node adapter, enough for the tests).
 *
 * @example
 * const server = await listen((request) => new Response("hi"));
 * await fetch(server.url); server.close();
 */
export async function listen(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? "GET";
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    }
    const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(incoming) as ReadableStream);
    const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
      method,
      headers,
      body,
      ...(body && { duplex: "half" }),
    } as RequestInit);
    void (async () => {
      try {
        const response = await handler(request, { incoming, outgoing });
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        outgoing.writeHead(500).end(String(error));
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
