import type { ServiceList } from "@cuepoint/sdk";
import type { IntegrationService } from "../types.js";
import { slackCall, slackClient } from "./client.js";
import { sendMessage } from "./sendMessage.js";

/** Pages of conversations.list read at most (200 channels each). */
const MAX_PAGES = 25;

/** Slack through its OAuth bot token and the official `@slack/web-api` client: see README.md. */
export const slackService: IntegrationService = {
  kinds: ["SLACK"],
  async check(ctx) {
    const who = await slackCall(async () => (await slackClient(ctx)).auth.test());
    return `Connected to the Slack workspace ${who.team ?? who.team_id ?? "?"}${who.user ? ` as ${who.user}` : ""}.`;
  },
  async lists(ctx) {
    const slack = await slackClient(ctx);
    const channels: ServiceList[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await slackCall(() =>
        slack.conversations.list({ types: "public_channel,private_channel", exclude_archived: true, limit: 200, cursor }),
      );
      for (const channel of answer.channels ?? []) {
        if (channel.id && channel.name) channels.push({ id: channel.id, name: `#${channel.name}`, private: channel.is_private === true });
      }
      cursor = answer.response_metadata?.next_cursor || undefined;
      if (!cursor) break;
    }
    return { channels };
  },
  actions: { sendMessage },
};
