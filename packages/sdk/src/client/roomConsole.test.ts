import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOM_CHAT_MESSAGES } from "../schemas/roomChat.js";
import { createClient } from "./createClient.js";
import { createFetcher } from "./createFetcher.js";
import { ApiError } from "./errors.js";
import { roomChat, roomConsole } from "./roomConsole.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("client.room.chat", () => {
  it("send posts the message without the client's bearer token and resolves the stored one", async () => {
    const stored = { id: "m1", seq: 4, body: "Hi" };
    server.script("POST /public/room/t1/chat", { status: 201, body: { success: stored } });
    const client = createClient({ apiURL: server.url, token: "host-token" });
    await expect(client.room.chat.send("t1", { clientId: "c1", body: "Hi" })).resolves.toEqual({ success: stored });
    expect(server.last()).toMatchObject({ method: "POST", body: { clientId: "c1", body: "Hi" } });
    expect(server.last().headers.authorization).toBeUndefined();
  });

  it("send rejects a refused message with the server's status, sentence and field", async () => {
    server.script("POST /public/room/t1/chat", { status: 429, body: { message: ROOM_CHAT_MESSAGES.tooFast, field: "body" } });
    const call = roomChat(createFetcher({ apiURL: server.url, retry: 0 })).send("t1", { clientId: "c1", body: "Hi" });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 429, message: ROOM_CHAT_MESSAGES.tooFast });
  });
});

describe("client.console", () => {
  it("sends the bearer token and resolves the console's answers", async () => {
    server.script("POST /webinars/e1/console/start", { body: { success: { id: "e1", startedAt: 5 } } });
    const client = createClient({ apiURL: server.url, token: "host-token" });
    await expect(client.console.start("e1")).resolves.toEqual({ success: { id: "e1", startedAt: 5 } });
    expect(server.last().headers.authorization).toBe("Bearer host-token");
  });

  it("rejects a start the event does not allow with the server's 409", async () => {
    server.script("POST /webinars/e1/console/start", { status: 409, body: { message: "This event starts by itself." } });
    const call = roomConsole(createFetcher({ apiURL: server.url, retry: 0 })).start("e1");
    await expect(call).rejects.toMatchObject({ status: 409, message: "This event starts by itself." });
  });

  it("resolves a 204 (mute, ban, delete) with no data", async () => {
    server.script("DELETE /webinars/e1/console/messages/m1", { status: 204 });
    await expect(roomConsole(createFetcher({ apiURL: server.url })).deleteMessage("e1", "m1")).resolves.toBeFalsy();
  });
});
