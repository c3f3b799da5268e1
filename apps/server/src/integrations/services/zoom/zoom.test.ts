import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServiceList } from "@cuepoint/sdk";
import { connectOAuth } from "../../test-support/oauth.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startFakeZoom } from "./fake.js";

const TOKEN = "zoom-access-token-0123456789";

const app = serviceTestApp(() => startFakeZoom(TOKEN, ["zoom-client", "zoomautochat-client"]));
let zoomId: string;

beforeAll(async () => {
  zoomId = await connectOAuth(app.owner, "zoom", "good-code");
});
beforeEach(() => {
  app.fake.noWebinarPlan = false;
});

describe("Zoom check", () => {
  it("asks Zoom who the stored token signs in as, and says what it answered", async () => {
    await expect(app.owner.integrations.test(zoomId)).resolves.toMatchObject({
      message: "Zoom answered: signed in as Ada Lovelace <ada@example.com>.",
    });
    const [request] = app.fake.calls("GET /v2/users/me");
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(app.fake.requests).toHaveLength(1);
    expect((await app.owner.integrations.list()).success[zoomId]).toMatchObject({ connected: true });
  });

  it("shows Zoom's refusal of a token it no longer accepts, and the integration is not connected", async () => {
    const expired = await connectOAuth(app.owner, "zoom", "expired-code");
    await expect(app.owner.integrations.test(expired)).rejects.toMatchObject({ status: 422, message: "Zoom answered: Invalid access token." });
    expect((await app.owner.integrations.list()).success[expired]).toMatchObject({ connected: false });
  });
});

describe("Zoom lists", () => {
  it("lists the user's webinars and upcoming meetings, every page", async () => {
    app.fake.webinars.splice(0, Infinity, { id: 81234567890, topic: "Launch webinar", start_time: "2026-05-10T17:00:00Z" });
    app.fake.meetings.splice(
      0,
      Infinity,
      ...Array.from({ length: 301 }, (_, i) => ({ id: 90000000000 + i, topic: `Meeting ${i}`, start_time: "2026-05-11T17:00:00Z" })),
    );
    const { success } = await app.owner.integrations.getLists("zoom", { integrationID: zoomId, refresh: true });
    expect((success as Record<string, ServiceList[]>).webinars).toEqual([{ id: "81234567890", name: "Launch webinar", startTime: "2026-05-10T17:00:00Z" }]);
    expect((success as Record<string, ServiceList[]>).meetings).toHaveLength(301);
    expect((success as Record<string, ServiceList[]>).meetings?.[300]).toMatchObject({ id: "90000000300", name: "Meeting 300" });
    const pages = app.fake.calls("GET /v2/users/me/meetings").map((r) => Object.fromEntries(r.query));
    expect(pages).toEqual([
      { type: "upcoming", page_size: "300" },
      { type: "upcoming", page_size: "300", next_page_token: "300" },
    ]);
  });

  it("an account without Zoom's webinar plan lists no webinars, and its meetings still", async () => {
    app.fake.noWebinarPlan = true;
    app.fake.meetings.splice(0, Infinity, { id: 1, topic: "Office hours", start_time: "2026-05-11T17:00:00Z" });
    const { success } = await app.owner.integrations.getLists("zoom", { integrationID: zoomId, refresh: true });
    expect(success).toEqual({ webinars: [], meetings: [{ id: "1", name: "Office hours", startTime: "2026-05-11T17:00:00Z" }] });
  });
});

describe("Zoom auto-chat", () => {
  it("checks the same Zoom sign-in and lists the meetings it can post into", async () => {
    const chat = await connectOAuth(app.owner, "zoomautochat", "good-code");
    await expect(app.owner.integrations.test(chat)).resolves.toMatchObject({
      message: "Zoom auto-chat answered: signed in as Ada Lovelace <ada@example.com>.",
    });
    app.fake.meetings.splice(0, Infinity, { id: 2, topic: "Live Q&A", start_time: "2026-05-12T17:00:00Z" });
    const { success } = await app.owner.integrations.getLists("zoomautochat", { integrationID: chat, refresh: true });
    expect(success).toEqual({ meetings: [{ id: "2", name: "Live Q&A", startTime: "2026-05-12T17:00:00Z" }] });
  });
});
