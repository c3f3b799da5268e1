import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "./createClient.js";
import { AnalyticsTimeoutError, ApiError } from "./errors.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const client = () => createClient({ apiURL: server.url });

describe("analytics timeout (spec §5, §8)", () => {
  it("status 524 rejects with 'timeout'", async () => {
    server.script("POST /analytics/attendance", { status: 524, body: "A timeout occurred" });
    const error = await client().webinars.attendance({ webinarTimeline: "t1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalyticsTimeoutError);
    expect(error).toMatchObject({ message: "timeout", status: 524 });
  });

  it("a result without registrants rejects with 'timeout'", async () => {
    server.script("POST /analytics/attendance", { body: { attendees: 3 } });
    await expect(client().webinars.attendance({})).rejects.toMatchObject({
      name: "AnalyticsTimeoutError",
      message: "timeout",
      status: 200,
      data: { attendees: 3 },
    });
  });

  it("an empty body (no registrants) is a timeout too", async () => {
    server.script("POST /analytics/attendance", { status: 200 });
    await expect(client().webinars.attendance({})).rejects.toBeInstanceOf(AnalyticsTimeoutError);
  });

  it("registrants present, even zero, resolves", async () => {
    server.script("POST /analytics/attendance", { body: { registrants: 0, attendees: 0 } });
    await expect(client().webinars.attendance({})).resolves.toEqual({ registrants: 0, attendees: 0 });
  });

  it("breakdown follows the same rule", async () => {
    server.script("POST /analytics/breakdown", { status: 524 }, { body: {} }, { body: { registrants: 4, attendees: 1 } });
    await expect(client().webinars.breakdown("7d")).rejects.toThrow("timeout");
    await expect(client().webinars.breakdown("7d")).rejects.toThrow("timeout");
    await expect(client().webinars.breakdown("7d")).resolves.toEqual({ registrants: 4, attendees: 1 });
  });

  it("another server error stays an ApiError with the server's message", async () => {
    server.script("POST /analytics/attendance", { status: 500, body: { message: "Database down" } });
    const error = await client().webinars.attendance({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(AnalyticsTimeoutError);
    expect(error).toMatchObject({ message: "Database down", status: 500 });
  });
});

describe("webinars", () => {
  it("export resolves the CSV text, whatever the content type", async () => {
    server.script("GET /webinar/export", { body: "email,name\na@b.co,Ada\n", contentType: "application/octet-stream" });
    await expect(client().webinars.export({ type: "attendees", webinarID: "w1" })).resolves.toBe("email,name\na@b.co,Ada\n");
  });

  it("count: false answers a page without total", async () => {
    server.script("GET /webinars", { body: { success: [] } });
    const page = await client().webinars.list({ count: false });
    expect(page.total).toBeUndefined();
    expect(server.last().query).toEqual({ count: "false" });
  });

  it("create resolves the spec's shape", async () => {
    const success = { webinar: { webinarID: "w9" }, organizers: [], childEvents: [] };
    server.script("POST /webinar/create", { body: { success } });
    const result = await client().webinars.create({ webinarTimeline: "t1", start: "2025-03-01T18:00" });
    expect(result.success.webinar.webinarID).toBe("w9");
  });
});

describe("delivery platforms (issue 17)", () => {
  const delivery = {
    platform: "zoom",
    status: "refused",
    message: "1 registration was refused — Zoom answered: the webinar is full.",
    remoteId: "81234567890",
    remoteKind: "webinar",
    registrants: { registered: 4, pending: 0, refused: 1 },
    log: [{ at: "2026-05-01T16:00:00.000Z", operation: "register", outcome: "refused", detail: "Zoom answered: the webinar is full.", registrantId: "r1" }],
  };

  it("delivery resolves the event's session with the wire names, the id encoded into the path", async () => {
    server.script("GET /webinars/w%2F1/delivery", { body: { success: delivery } });
    const { success } = await client().webinars.delivery("w/1");
    expect(success).toEqual(delivery);
    expect(server.last()).toMatchObject({ method: "GET", path: "/webinars/w%2F1/delivery" });
  });

  it("deliveryYoutube resolves the broadcast, YouTube's refusal as its message", async () => {
    const broadcast = {
      broadcastId: "yt-b1",
      studioUrl: "https://studio.youtube.com/video/yt-b1/livestreaming",
      lifeCycleStatus: "",
      privacyStatus: "",
      streamStatus: "",
      ingestionAddress: "",
      backupIngestionAddress: "",
      streamName: "",
      message: "YouTube Live answered: quota exceeded.",
    };
    server.script("GET /webinars/w1/delivery/youtube", { body: { success: broadcast } });
    await expect(client().webinars.deliveryYoutube("w1")).resolves.toEqual({ success: broadcast });
  });

  it("deliveryYoutube before the broadcast exists rejects with the server's 404", async () => {
    const message = "This webinar has no YouTube Live broadcast (yet): see its delivery state.";
    server.script("GET /webinars/w1/delivery/youtube", { status: 404, body: { message } });
    const error = await client().webinars.deliveryYoutube("w1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message });
  });
});
