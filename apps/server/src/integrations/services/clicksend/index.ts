import type { IntegrationService } from "../types.js";
import { basicAuth } from "./auth.js";
import { sendSms } from "./sendSms.js";

interface AccountAnswer {
  data?: { account_name?: string; username?: string; balance?: string };
}

/**
 * ClickSend with an API username and key: the connection check and `sendsms` (REST v3). Its voice
 * API speaks text (TTS) and cannot play an audio file of the media library, so the catalogue
 * offers no ClickSend voice action: see README.md.
 */
export const clickSendService: IntegrationService = {
  kinds: ["CLICKSEND"],
  async check(ctx) {
    const answer = await ctx.call<AccountAnswer>(ctx.url("https://rest.clicksend.com/v3/account"), {
      headers: { authorization: basicAuth(ctx.credentials) ?? "Basic Og==" },
    });
    const name = answer?.data?.account_name || answer?.data?.username;
    return name ? `Connected to the ClickSend account ${name}.` : undefined;
  },
  actions: { sendsms: sendSms },
};
