import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "./createClient.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const client = () => createClient({ apiURL: server.url, token: "tok" });

describe("media", () => {
  it("download resolves the file as a Blob, with the bearer token", async () => {
    server.script("GET /media/m%201/file", { body: "\u0089PNG", contentType: "image/png" });
    const blob = await client().media.download("m 1");
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe("image/png");
    expect(await blob.text()).toBe("\u0089PNG");
    expect(server.last().headers.authorization).toBe("Bearer tok");
  });

  it("status resolves readiness and the encoding status", async () => {
    server.script("GET /media/m1/status", { body: { ready: false, status: 1 } });
    await expect(client().media.status("m1")).resolves.toEqual({ ready: false, status: 1 });
  });
});

describe("integrations OAuth", () => {
  it("authorizeURL asks for JSON and resolves the consent page's address", async () => {
    const url = "https://login.example.com/oauth2/authorize?client_id=c&state=s";
    server.script("GET /oauth/mailchimp/authorize", { body: { success: { url } } });
    const { success } = await client().integrations.authorizeURL("mailchimp", { name: "News" });
    expect(success.url).toBe(url);
    expect(server.last()).toMatchObject({ query: { name: "News" }, headers: { accept: "application/json" } });
  });

  it("completeOAuth passes the callback query on as JSON", async () => {
    const integration = { integrationid: "i1", name: "Mailchimp", type: "MAILCHIMP", connected: true };
    server.script("POST /oauth/mailchimp/callback", { body: { success: integration } });
    const { success } = await client().integrations.completeOAuth("mailchimp", { code: "c", state: "s", extra: "kept" });
    expect(success.integrationid).toBe("i1");
    expect(server.last().body).toEqual({ code: "c", state: "s", extra: "kept" });
  });
});
