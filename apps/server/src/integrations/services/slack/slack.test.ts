import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import type { ReceivedRequest } from "../../test-support/fakeService.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { SLACK_CODE, SLACK_REVOKED_CODE, SLACK_TOKEN, startFakeSlack } from "./fake.js";
import { SLACK_EVENT_TYPE } from "./sendMessage.js";

const app = serviceTestApp(startFakeSlack);
let slackId: string;
let exchange: ReceivedRequest | undefined;
let authorizeUrl: URL;

beforeAll(async () => {
  authorizeUrl = new URL((await app.owner.integrations.authorizeURL("slack")).success.url);
  slackId = await connectOAuth(app.owner, "slack", SLACK_CODE);
  exchange = app.fake.calls("POST /api/oauth.v2.access")[0];
});
beforeEach(() => {
  app.fake.messages.length = 0;
  app.fake.fault = undefined;
});

const MESSAGE = "New registrant: {name} <{email}> for {event_subject} on {event_date} at {event_time} {event_timezone}";
const job = (model: Record<string, unknown> = { channel: "C0GENERAL", message: MESSAGE }, integrationID = slackId) =>
  makeJob({ accountId: app.accountId, integrationType: "SLACK", action: "sendMessage", integrationID, model });

describe("Slack connection", () => {
  it("signs in through Slack's v2 authorize page and exchanges the code at oauth.v2.access", () => {
    expect(authorizeUrl.pathname).toBe("/oauth/v2/authorize");
    expect(authorizeUrl.searchParams.get("scope")).toBe(
      "chat:write,chat:write.public,channels:read,groups:read,channels:history,groups:history",
    );
    expect(exchange?.data).toMatchObject({ grant_type: "authorization_code", code: SLACK_CODE, client_id: "slack-client", client_secret: "slack-secret" });
  });

  it("check asks auth.test with the bot token and says which workspace answered", async () => {
    await expect(app.owner.integrations.test(slackId)).resolves.toEqual({
      success: true,
      message: "Connected to the Slack workspace Acme as cuepoint.",
    });
    const [request] = app.fake.calls("POST /api/auth.test");
    expect(request?.headers.authorization).toBe(`Bearer ${SLACK_TOKEN}`);
  });

  it("a revoked token: the check answers 422 in Slack's words and the integration is no longer connected", async () => {
    const revoked = await connectOAuth(app.owner, "slack", SLACK_REVOKED_CODE);
    await expect(app.owner.integrations.test(revoked)).rejects.toMatchObject({
      status: 422,
      message: "Slack answered: token_revoked (connect Slack again)",
    });
    const { success } = await app.owner.integrations.list();
    expect(success[revoked]).toMatchObject({ connected: false });
  });

  it("lists the workspace's open public and private channels, page by page", async () => {
    const extra = Array.from({ length: 250 }, (_, i) => ({
      id: `C1${String(i).padStart(4, "0")}`,
      name: `team-${i}`,
      is_private: false,
      is_archived: false,
      is_member: false,
    }));
    app.fake.channels.push(...extra);
    try {
      const { success } = await app.owner.integrations.getLists("slack", { integrationID: slackId, refresh: true });
      const channels = (success as Record<string, Array<{ id: string; name: string }>>).channels ?? [];
      expect(channels.slice(0, 2)).toEqual([
        { id: "C0GENERAL", name: "#general", private: false },
        { id: "C0WEBINAR", name: "#webinar-leads", private: true },
      ]);
      expect(channels).toHaveLength(252);
      expect(channels.some((channel) => channel.id === "C0OLD")).toBe(false);
      const pages = app.fake.calls("POST /api/conversations.list");
      expect(pages.map((request) => (request.data as Record<string, string>).cursor)).toEqual([undefined, "next:200"]);
      expect(pages[0]?.data).toMatchObject({ types: "public_channel,private_channel", exclude_archived: "true", limit: "200" });
    } finally {
      app.fake.channels.splice(3);
    }
  });
});

describe("Slack sendMessage", () => {
  it("posts the personalised message to the picked channel once, with the idempotency key in its metadata", async () => {
    const outcome = await app.execute(job());
    expect(outcome).toEqual({ status: "sent", detail: `posted to C0GENERAL (ts ${app.fake.messages[0]?.ts})` });
    expect(app.fake.messages).toHaveLength(1);
    const posts = app.fake.calls("POST /api/chat.postMessage");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.authorization).toBe(`Bearer ${SLACK_TOKEN}`);
    expect(posts[0]?.data).toEqual({
      channel: "C0GENERAL",
      text: "New registrant: Ada Lovelace <ada@example.com> for Scaling Webinars on March 5, 2024 at 9:00 AM EST",
      metadata: JSON.stringify({ event_type: SLACK_EVENT_TYPE, event_payload: { idempotency_key: "node-1:reg-7:evt-3" } }),
    });
  });

  it("escapes the registrant's values, so a name cannot mention @channel", async () => {
    const sneaky = job({ channel: "C0GENERAL", message: "Hello {name}" });
    sneaky.registrant = { ...sneaky.registrant, name: "<!channel> & co" };
    await app.execute(sneaky);
    expect(app.fake.messages[0]?.text).toBe("Hello &lt;!channel&gt; &amp; co");
  });

  it("a retry after a lost answer finds the message already posted and does not post it again", async () => {
    app.fake.fault = "lost-answer";
    await expect(app.execute(job())).rejects.toThrow(new RetryableActionError("Slack answered HTTP 503 Service Unavailable"));
    expect(app.fake.messages).toHaveLength(1);
    const retry = { ...job(), attempt: 2 };
    await expect(app.execute(retry)).resolves.toEqual({
      status: "sent",
      detail: `already posted to C0GENERAL by an earlier attempt (ts ${app.fake.messages[0]?.ts})`,
    });
    expect(app.fake.messages).toHaveLength(1);
    expect(app.fake.calls("POST /api/conversations.history")[0]?.data).toMatchObject({
      channel: "C0GENERAL",
      include_all_metadata: "true",
      oldest: String(Date.parse("2024-03-04T14:00:00Z") / 1000 - 60),
    });
  });

  it("a retry whose first attempt never reached Slack posts it", async () => {
    const retry = { ...job({ channel: "C0WEBINAR", message: "Hi" }), attempt: 3 };
    await expect(app.execute(retry)).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.messages.map((message) => message.channel)).toEqual(["C0WEBINAR"]);
  });

  it("Slack's refusal reaches the delivery log in its words; a rate limit is retried", async () => {
    await expect(app.execute(job({ channel: "C0OLD", message: "Hi" }))).rejects.toThrow(
      new PermanentActionError("Slack answered: is_archived (the channel is archived)"),
    );
    await expect(app.execute(job({ channel: "C0GONE", message: "Hi" }))).rejects.toThrow(
      new PermanentActionError("Slack answered: channel_not_found (the channel was deleted or the app cannot see it; pick the channel again)"),
    );
    app.fake.fault = "rate-limited";
    await expect(app.execute(job())).rejects.toThrow(new RetryableActionError("Slack asked to slow down (retry after 30 s)."));
    expect(app.fake.messages).toHaveLength(0);
  });

  it("refuses a node without a channel before asking Slack", async () => {
    await expect(app.execute(job({ message: "Hi" }))).rejects.toThrow(PermanentActionError);
    expect(app.fake.requests).toHaveLength(0);
  });
});

