import { serve } from "@hono/node-server";
import type { Hono } from "hono";

export { freePort } from "./freePort.js";

/**
 * Serves the app on 127.0.0.1 through `@hono/node-server`, as index.ts does (streamed answers,
 * so Server-Sent Events work), on `port` (0: any free one). `close` ends open connections too.
 *
 * @example
 * const server = await listenApp(t.app);
 * await fetch(`${server.url}/api/health`); await server.close();
 */
export async function listenApp(app: Hono, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const { server, url } = await new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }, (info) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    );
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
