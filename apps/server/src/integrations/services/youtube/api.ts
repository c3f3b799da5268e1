import type { ServiceList } from "@cuepoint/sdk";
import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter, ServiceContext } from "../types.js";

/** The YouTube Data API v3, rebased by `CUEPOINT_YOUTUBE_BASE_URL`. */
const api = (ctx: ServiceContext, path: string) => ctx.url(`https://www.googleapis.com/youtube/v3${path}`);
const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

type Channels = { items?: Array<{ id: string; snippet?: { title?: string } }> };
type Broadcasts = { nextPageToken?: string; items?: Array<{ id: string; snippet?: { title?: string; scheduledStartTime?: string } }> };

/**
 * YouTube Live as a live-event kind: the check asks for the signed-in account's channel (a Google
 * account without one cannot broadcast: refused, saying so); the list is its live broadcasts.
 */
export const youtube: IntegrationAdapter = {
  async check(ctx) {
    const { items = [] } = await ctx.call<Channels>(api(ctx, "/channels?part=snippet&mine=true"), { headers: await bearer(ctx) });
    const [channel] = items;
    if (!channel) throw new ServiceError(`${ctx.label} answered: this Google account has no YouTube channel to broadcast from.`, "refused");
    return `${ctx.label} answered: the channel "${channel.snippet?.title ?? channel.id}".`;
  },
  async lists(ctx) {
    const broadcasts: ServiceList[] = [];
    let token = "";
    do {
      const url = api(ctx, `/liveBroadcasts?part=snippet&mine=true&maxResults=50${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`);
      const answer = await ctx.call<Broadcasts>(url, { headers: await bearer(ctx) });
      for (const item of answer.items ?? []) {
        const startTime = item.snippet?.scheduledStartTime;
        broadcasts.push({ id: item.id, name: item.snippet?.title ?? item.id, ...(startTime && { startTime }) });
      }
      token = answer.nextPageToken ?? "";
    } while (token);
    return { broadcasts };
  },
};
