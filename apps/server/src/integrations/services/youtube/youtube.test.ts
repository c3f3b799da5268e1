import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client, ServiceList } from "@cuepoint/sdk";
import { connectOAuth } from "../../../engine/actions/test-support/oauth.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { startFakeYouTube, type FakeYouTube } from "./fake.js";

const TOKEN = "ya29.youtube-token-0123456789";

let t: TestApp;
let owner: Client;
let yt: FakeYouTube;
let restoreEnv: () => void;
let youtubeId: string;

beforeAll(async () => {
  yt = await startFakeYouTube(TOKEN, "youtube-client");
  restoreEnv = pointServicesAt(yt.url);
  t = await createTestApp();
  const user = await t.user();
  owner = t.client(await t.login(user.email));
  youtubeId = await connectOAuth(owner, "youtube", "good-code");
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), yt.close()]);
});
beforeEach(() => {
  yt.requests.length = 0;
  yt.channel = { id: "UC_x5XG1OV2P6uZZ5FSM9Ttw", title: "Ada's Webinars" };
});

describe("YouTube check", () => {
  it("asks YouTube for the signed-in account's channel", async () => {
    await expect(owner.integrations.test(youtubeId)).resolves.toMatchObject({ message: 'YouTube Live answered: the channel "Ada\'s Webinars".' });
    const [request] = yt.calls("GET /youtube/v3/channels");
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ part: "snippet", mine: "true" });
  });

  it("a Google account without a channel is not connected, and says why", async () => {
    yt.channel = null;
    await expect(owner.integrations.test(youtubeId)).rejects.toMatchObject({
      status: 422,
      message: "YouTube Live answered: this Google account has no YouTube channel to broadcast from.",
    });
    expect((await owner.integrations.list()).success[youtubeId]).toMatchObject({ connected: false });
  });

  it("a revoked sign-in: Google's words, 422", async () => {
    const revoked = await connectOAuth(owner, "youtube", "revoked-code");
    await expect(owner.integrations.test(revoked)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("YouTube Live answered: Request had invalid authentication credentials."),
    });
  });
});

describe("YouTube lists", () => {
  it("lists the channel's live broadcasts, every page", async () => {
    yt.broadcasts.splice(
      0,
      Infinity,
      ...Array.from({ length: 51 }, (_, i) => ({ id: `bc${i}`, title: `Broadcast ${i}`, scheduledStartTime: "2026-05-10T17:00:00Z" })),
    );
    const { success } = await owner.integrations.getLists("youtube", { integrationID: youtubeId, refresh: true });
    expect((success as Record<string, ServiceList[]>).broadcasts).toHaveLength(51);
    expect((success as Record<string, ServiceList[]>).broadcasts?.[50]).toEqual({ id: "bc50", name: "Broadcast 50", startTime: "2026-05-10T17:00:00Z" });
    expect(yt.calls("GET /youtube/v3/liveBroadcasts").map((r) => r.query.get("pageToken"))).toEqual([null, "50"]);
  });
});
