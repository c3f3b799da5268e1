import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting } from "@cuepoint/sdk";
import { users } from "../db/schema/index.js";
import { LEADS_IMPORT_BODY_LIMIT_BYTES } from "../leads/importLimit.js";
import { apiRoutes } from "../routes.js";
import { createMediaTestApp, postChunk } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { CHAT_CSV_BODY_LIMIT_BYTES } from "../timelines/autoChatCsv.js";
import { bodyLimitsOf } from "./bodyLimits.js";

const MiB = 1024 * 1024;
const API = "http://localhost/api";
let t: TestApp;
let token: string;
let timeline: string;
beforeAll(async () => {
  // The defaults, except a 3 MiB chunk so a chunk past it is quick to send.
  t = await createMediaTestApp({ uploadChunkLimitBytes: 3 * MiB });
  const user = await t.user();
  await t.db.orm.update(users).set({ features: { registrantUpload: true } }).where(eq(users.id, user.id));
  token = await t.login(user.email);
  timeline = (await t.client(token).timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Big" } }) }))
    .success.id;
});
afterAll(() => t.close());

/** A body of `bytes` sent as a stream, so no Content-Length tells the server its size up front. */
const streamed = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  t.app.request(`${API}${path}`, {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(body instanceof ReadableStream && { duplex: "half" }),
  } as RequestInit);

/** A multipart form holding `csv` as its file, with its boundary, as bytes. */
async function csvForm(fields: Record<string, string>, csv: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("csv", new Blob([csv], { type: "text/csv" }), "file.csv");
  const request = new Request("http://x/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type") ?? "" };
}

describe("body size limits", () => {
  it("are declared by exactly the routes that need their own", () => {
    expect(bodyLimitsOf(apiRoutes)).toEqual({
      "POST /upload/chunk": "streamed",
      "POST /registrants": LEADS_IMPORT_BODY_LIMIT_BYTES,
      "POST /webinartimelineevent/autocsv": CHAT_CSV_BODY_LIMIT_BYTES,
    });
  });

  it("refuse a JSON body over 1 MiB, announced or streamed, before the route runs", async () => {
    const big = JSON.stringify({ name: "a".repeat(MiB) });
    const announced = await post("/updateuser", big, { "content-type": "application/json" });
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({ success: false, message: "The request body is too large: the limit is 1 MiB." });
    const stream = await post("/updateuser", streamed(new TextEncoder().encode(big)), { "content-type": "application/json" });
    expect(stream.status).toBe(413);
    const justUnder = await post("/updateuser", JSON.stringify({ name: "a".repeat(MiB - 100) }), {
      "content-type": "application/json",
    });
    expect(justUnder.status).not.toBe(413);
  });

  it("let the leads CSV import past 1 MiB, up to its own limit", async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `lead${i}@example.com,Lead ${i}`).join("\n");
    const { bytes, type } = await csvForm({ webinarTimeline: timeline }, `email,name\n${rows}\n`);
    expect(bytes.length).toBeGreaterThan(MiB);
    const response = await post("/registrants", streamed(bytes), { "content-type": type });
    expect(response.status).toBe(200);
    const over = await post("/registrants", new Uint8Array(16), {
      "content-type": type,
      "content-length": String(LEADS_IMPORT_BODY_LIMIT_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ success: false, message: "The CSV file is too large: the limit is 64 MiB." });
  });

  it("let the auto-chat CSV past 1 MiB, and stop it at 4 MiB", async () => {
    const fields = { webinarTimeline: timeline, groups: '["3"]', id: randomUUID(), eventID: randomUUID() };
    const lines = Array.from({ length: 4000 }, (_, i) => `Ann,${"x".repeat(300)} ${i},${i % 3000}`).join("\n");
    const fits = await csvForm(fields, `name,message,after\n${lines}\n`);
    expect(fits.bytes.length).toBeGreaterThan(MiB);
    const read = await post("/webinartimelineevent/autocsv", streamed(fits.bytes), { "content-type": fits.type });
    expect([read.status, await read.json()]).toEqual([200, { success: true, message: "4000 chat messages are on the timeline." }]);
    const tooBig = await csvForm(fields, `name,message,after\n${"Ann,hello,1\n".repeat(CHAT_CSV_BODY_LIMIT_BYTES / 10)}`);
    const response = await post("/webinartimelineevent/autocsv", streamed(tooBig.bytes), { "content-type": tooBig.type });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: "The CSV file is too large: the limit is 4 MiB." });
  });

  it("let a chunk upload past 1 MiB, up to the chunk limit", async () => {
    const fileId = randomUUID();
    const chunk = await postChunk(t, token, { fileId, name: "big.png", bytes: new Uint8Array(2 * MiB) });
    expect(chunk.status).toBe(200);
    const over = await postChunk(t, token, { fileId: randomUUID(), name: "big.png", bytes: new Uint8Array(3 * MiB + 1) });
    expect(over.status).toBe(413);
  });
});
