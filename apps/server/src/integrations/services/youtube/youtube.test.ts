import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServiceList } from "@cuepoint/sdk";
import { connectOAuth } from "../../test-support/oauth.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startFakeYouTube } from "./fake.js";

const TOKEN = "ya29.youtube-token-0123456789";

const app = serviceTestApp(() => startFakeYouTube(TOKEN, "youtube-client"));
let youtubeId: string;

beforeAll(async () => {
  youtubeId = await connectOAuth(app.owner, "youtube", "good-code");
});
beforeEach(() => {
  app.fake.channel = { id: "UC_x5XG1OV2P6uZZ5FSM9Ttw", title: "Ada's Webinars" };
});

describe("YouTube check", () => {
  it("asks YouTube for the signed-in account's channel", async () => {
    await expect(app.owner.integrations.test(youtubeId)).resolves.toMatchObject({ message: 'YouTube Live answered: the channel "Ada\'s Webinars".' });
    const [request] = app.fake.calls("GET /youtube/v3/channels");
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ part: "snippet", mine: "true" });
  });

  it("a Google account without a channel is not connected, and says why", async () => {
    app.fake.channel = null;
    await expect(app.owner.integrations.test(youtubeId)).rejects.toMatchObject({
      status: 422,
      message: "YouTube Live answered: this Google account has no YouTube channel to broadcast from.",
    });
    expect((await app.owner.integrations.list()).success[youtubeId]).toMatchObject({ connected: false });
  });

  it("a revoked sign-in: Google's words, 422", async () => {
    const revoked = await connectOAuth(app.owner, "youtube", "revoked-code");
    await expect(app.owner.integrations.test(revoked)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("YouTube Live answered: Request had invalid authentication credentials."),
    });
  });
});

describe("YouTube lists", () => {
  it("lists the channel's live broadcasts, every page", async () => {
    app.fake.broadcasts.splice(
      0,
      Infinity,
      ...Array.from({ length: 51 }, (_, i) => ({ id: `bc${i}`, title: `Broadcast ${i}`, scheduledStartTime: "2026-05-10T17:00:00Z" })),
    );
    const { success } = await app.owner.integrations.getLists("youtube", { integrationID: youtubeId, refresh: true });
    expect((success as Record<string, ServiceList[]>).broadcasts).toHaveLength(51);
    expect((success as Record<string, ServiceList[]>).broadcasts?.[50]).toEqual({ id: "bc50", name: "Broadcast 50", startTime: "2026-05-10T17:00:00Z" });
    expect(app.fake.calls("GET /youtube/v3/liveBroadcasts").map((r) => r.query.get("pageToken"))).toEqual([null, "50"]);
  });
});
