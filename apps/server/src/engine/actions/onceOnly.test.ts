import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neverSent } from "../../integrations/serviceCall.js";
import { onceOnlyError } from "../../integrations/actions/errors.js";
import { callPeer } from "../../integrations/actions/http.js";
import { PermanentActionError, RetryableActionError } from "../../integrations/actions/types.js";

describe("a request the service cannot recognise when it comes twice", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    // /status/N answers N; /silent never answers.
    server = createServer((req, res) => {
      const status = Number(req.url?.split("/")[2]);
      if (req.url?.startsWith("/status/")) res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message: `answer ${status}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "300";
  });
  afterAll(async () => {
    delete process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const once = (path: string) => callPeer("Peer", `${base}${path}`, { json: {}, once: true }).catch((error: unknown) => error);

  it("is retried only when the answer says it was not carried out", async () => {
    for (const status of [408, 429, 503]) expect(await once(`/status/${status}`)).toBeInstanceOf(RetryableActionError);
    for (const status of [500, 502, 504]) {
      const error = await once(`/status/${status}`);
      expect(error).toBeInstanceOf(PermanentActionError);
      expect((error as Error).message).toBe(
        `Peer answered HTTP ${status}: answer ${status}. It may have been carried out all the same, so it is not tried again: a second try could do it twice.`,
      );
    }
    // Without `once` a 502 is worth another try.
    await expect(callPeer("Peer", `${base}/status/502`, { json: {} })).rejects.toBeInstanceOf(RetryableActionError);
  });

  it("is not retried after a timeout, and is after a refused connection", async () => {
    expect(await once("/silent")).toBeInstanceOf(PermanentActionError);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await callPeer("Peer", `http://127.0.0.1:${port}/`, { json: {}, once: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryableActionError);
    expect((refused as Error).message).toBe("Peer could not be reached (ECONNREFUSED).");
  });

  it("knows which network errors mean the request never left", () => {
    expect(neverSent("ECONNREFUSED")).toBe(true);
    expect(neverSent("ENOTFOUND")).toBe(true);
    expect(neverSent("ECONNRESET")).toBe(false);
    expect(neverSent(undefined)).toBe(false);
    expect(onceOnlyError("Lost.", true)).toBeInstanceOf(RetryableActionError);
  });
});
