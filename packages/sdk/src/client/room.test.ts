import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "./createClient.js";
import { ApiError } from "./errors.js";
import { room as roomResource } from "./room.js";
import { createFetcher } from "./createFetcher.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("client.room", () => {
  it("get resolves the snapshot without sending the client's bearer token", async () => {
    const snapshot = { token: "t1", entry: "join" };
    server.script("GET /public/room/t1", { body: { success: snapshot } });
    const client = createClient({ apiURL: server.url, token: "host-token" });
    await expect(client.room.get("t1")).resolves.toEqual({ success: snapshot });
    expect(server.last().headers.authorization).toBeUndefined();
  });

  it("get sends the link's entry as the query (?entry=replay), and no query without one", async () => {
    const snapshot = { token: "t1", entry: "replay" };
    server.script("GET /public/room/t1", { body: { success: snapshot } });
    const client = createClient({ apiURL: server.url });
    await expect(client.room.get("t1", { entry: "replay" })).resolves.toEqual({ success: snapshot });
    expect(server.last().query).toEqual({ entry: "replay" });
    await client.room.get("t1", { entry: "join" });
    expect(server.last().query).toEqual({ entry: "join" });
    await client.room.get("t1");
    expect(server.last().query).toEqual({});
  });

  it("get rejects an unknown token with the server's 404", async () => {
    server.script("GET /public/room/nope", { status: 404, body: { message: "This link is not valid." } });
    const call = createClient({ apiURL: server.url, retry: 0 }).room.get("nope");
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 404, message: "This link is not valid." });
  });

  it("clickCta posts the item id and resolves on 204", async () => {
    server.script("POST /public/room/t1/cta", { status: 204 });
    await expect(roomResource(createFetcher({ apiURL: server.url })).clickCta("t1", "node-7")).resolves.toBeFalsy();
    expect(server.last()).toMatchObject({ method: "POST", body: { id: "node-7" } });
  });
});
