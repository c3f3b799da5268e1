import type { IntegrationService } from "../types.js";

interface AccountAnswer {
  data?: { account_name?: string; username?: string; balance?: string };
}

/**
 * ClickSend with an API username and key: the connection check only. ClickSend's voice API speaks
 * text (TTS) and cannot play an audio file of the media library, so the catalogue offers no
 * ClickSend action: see README.md.
 */
export const clickSendService: IntegrationService = {
  kinds: ["CLICKSEND"],
  async check(ctx) {
    const username = (ctx.credentials.api_username ?? "").trim();
    const key = (ctx.credentials.key ?? "").trim();
    const answer = await ctx.call<AccountAnswer>(ctx.url("https://rest.clicksend.com/v3/account"), {
      headers: { authorization: `Basic ${Buffer.from(`${username}:${key}`).toString("base64")}` },
    });
    const name = answer?.data?.account_name || answer?.data?.username;
    return name ? `Connected to the ClickSend account ${name}.` : undefined;
  },
  actions: {},
};
