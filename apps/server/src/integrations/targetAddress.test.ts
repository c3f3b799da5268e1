import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { privateTargetMessage, type Client } from "@cuepoint/sdk";
import { checkActionReady } from "./actions/ready.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { checkedAddresses } from "./publicHost.js";
import { exchange } from "./serviceCall.js";

/**
 * The address rule through the server: the webhook action and the integration test judge a typed
 * address alike, every resolved address is checked, and the call connects to the address
 * checked. No test here lets the server connect anywhere but 127.0.0.1: names are "resolved" by
 * a mocked lookup, never by a real resolver.
 */

const resolved = new Map<string, { address: string; family: number }[]>();
vi.mock("node:dns/promises", () => ({
  lookup: vi.fn(async (host: string) => {
    const answer = resolved.get(host);
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return answer;
  }),
}));

let t: TestApp;
let owner: Client;
let listener: Server;
let port: number;
const seen: { host: string | undefined; url: string | undefined }[] = [];
let connections = 0;

beforeAll(async () => {
  listener = createServer((request, response) => {
    seen.push({ host: request.headers.host, url: request.url });
    request.resume();
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'));
  });
  listener.on("connection", () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as AddressInfo).port;
  t = await createTestApp();
  owner = t.client(await t.login((await t.user()).email));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => listener.close(resolve));
});
beforeEach(() => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "";
  resolved.clear();
  seen.length = 0;
  connections = 0;
});

const webhookNode = (webhook: string) =>
  ({ action: "sendWebhook", integrationType: "WEBHOOK", integrationID: "1", model: { webhook } }) as unknown as Parameters<typeof checkActionReady>[0];

describe("loopback in every form, through the routes: refused, never connected to", () => {
  const forms = () => [
    `http://127.0.0.1:${port}/hook`,
    `http://[::1]:${port}/hook`,
    `http://[::ffff:127.0.0.1]:${port}/hook`,
    `http://[::127.0.0.1]:${port}/hook`,
    `http://2130706433:${port}/hook`,
    `http://0x7f.1:${port}/hook`,
    `http://localhost:${port}/hook`,
  ];

  it("the integration test and the webhook action refuse each with the same reason", async () => {
    for (const webhook of forms()) {
      await expect(owner.integrations.check("webhook", { webhook }), webhook).rejects.toMatchObject({
        status: 422,
        message: `Webhook: ${privateTargetMessage("The webhook address")}`,
      });
      expect(checkActionReady(webhookNode(webhook)), webhook).toEqual({
        ok: false,
        field: "webhook",
        message: privateTargetMessage("Webhook address"),
      });
    }
    expect(connections).toBe(0);
  });

  it("a public-looking name that resolves to 127.0.0.1 (or to a public address and 127.0.0.1) is refused", async () => {
    resolved.set("hooks.example.test", [{ address: "127.0.0.1", family: 4 }]);
    resolved.set("mixed.example.test", [
      { address: "93.184.215.14", family: 4 },
      { address: "::1", family: 6 },
    ]);
    for (const host of ["hooks.example.test", "mixed.example.test"]) {
      await expect(owner.integrations.check("webhook", { webhook: `http://${host}:${port}/hook` })).rejects.toMatchObject({
        status: 422,
        message: `Webhook: ${privateTargetMessage(`"${host}"`)}`,
      });
    }
    expect(connections).toBe(0);
  });

  it("with CUEPOINT_ALLOW_PRIVATE_TARGETS on, both take 127.0.0.1, and the test reaches it", async () => {
    process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
    const webhook = `http://127.0.0.1:${port}/hook`;
    expect(checkActionReady(webhookNode(webhook))).toEqual({ ok: true });
    await expect(owner.integrations.check("webhook", { webhook })).resolves.toMatchObject({ success: true });
    expect(seen).toEqual([{ host: `127.0.0.1:${port}`, url: "/hook" }]);
  });
});

describe("the checked address is the one connected to (DNS rebinding)", () => {
  it("resolves once, checks every address, and answers them", async () => {
    resolved.set("public.example.test", [{ address: "93.184.215.14", family: 4 }]);
    expect(await checkedAddresses("public.example.test", "Webhook")).toEqual([{ address: "93.184.215.14", family: 4 }]);
    resolved.set("nat64.example.test", [{ address: "64:ff9b::7f00:1", family: 6 }]);
    await expect(checkedAddresses("nat64.example.test", "Webhook")).rejects.toThrow(privateTargetMessage('"nat64.example.test"'));
    await expect(checkedAddresses("198.18.0.1", "Webhook")).rejects.toThrow("private or local network address");
  });

  it("a pinned call connects to the pinned address and keeps the name in the Host header, resolving nothing", async () => {
    const lookups = vi.mocked((await import("node:dns/promises")).lookup);
    lookups.mockClear();
    const outcome = await exchange("Webhook", `http://hooks.example.test:${port}/in?x=1`, {
      raw: "{}",
      pin: { address: "127.0.0.1", family: 4 },
    });
    expect(outcome).toEqual({ kind: "answer", status: 200, ok: true, body: { ok: true } });
    expect(seen).toEqual([{ host: `hooks.example.test:${port}`, url: "/in?x=1" }]);
    expect(lookups).not.toHaveBeenCalled();
  });
});
