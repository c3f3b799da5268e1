import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaTestApp } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";

const MiB = 1024 * 1024;
let t: TestApp;
let server: ServerType;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createMediaTestApp({ uploadChunkLimitBytes: 3 * MiB });
  token = await t.login((await t.user()).email);
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One call through `agent` (keep-alive, one socket), with `body` or `bodyBytes` bytes of body. */
function call(agent: Agent, method: string, path: string, headers: Record<string, string>, body: string | number = 0): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => (body += part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on("error", reject);
    // Written in pieces, as an upload is: the server may answer before the body is all sent.
    const piece = Buffer.alloc(64 * 1024, 97);
    if (typeof body === "string") return void req.end(body);
    let left = body;
    const write = () => {
      while (left > 0) {
        const size = Math.min(left, piece.length);
        left -= size;
        if (!req.write(piece.subarray(0, size))) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("a refused body on a keep-alive connection", () => {
  for (const [what, path, size, type] of [
    ["a JSON body over the 1 MiB limit", "/api/updateuser", 66 * MiB, "application/json"],
    ["a chunk over the chunk limit", "/api/upload/chunk", 66 * MiB, "multipart/form-data; boundary=x"],
  ] as const) {
    it(`${what}: the 413 says Connection: close, and the client's next call works`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const auth = { authorization: `Bearer ${token}` };
      const refused = await call(agent, "POST", path, { ...auth, "content-type": type, "content-length": String(size) }, size);
      expect([refused.status, refused.connection]).toEqual([413, "close"]);
      const next = await call(agent, "GET", "/api/health", {});
      expect(next.status).toBe(200);
      agent.destroy();
    });
  }

  it("keeps the connection open when the body was read", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await call(agent, "GET", "/api/health", {});
    expect([first.status, first.connection]).toEqual([200, "keep-alive"]);
    const read = await call(agent, "POST", "/api/checkforgottoken", { "content-type": "application/json" }, '{"token":"abc"}');
    expect([read.status, read.connection]).toEqual([422, "keep-alive"]);
    agent.destroy();
  });
});
