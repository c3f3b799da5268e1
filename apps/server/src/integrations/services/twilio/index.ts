import { ServiceError } from "../../serviceCall.js";
import type { IntegrationService } from "../types.js";
import { sendSms } from "./actions.js";

/** Twilio's Account resource, as much as the check reads. */
interface AccountAnswer {
  friendly_name?: string;
  status?: "active" | "suspended" | "closed";
}

/**
 * Twilio Programmable Messaging (Account SID + auth token): see README.md. The connection check
 * reads the account (`GET /2010-04-01/Accounts/{sid}.json`, HTTP Basic `sid:token`): a wrong SID or
 * token is Twilio's refusal, a suspended or closed account cannot send.
 */
export const twilioService: IntegrationService = {
  kinds: ["TWILIO"],
  async check(ctx) {
    const sid = (ctx.credentials.sid ?? "").trim();
    const token = ctx.credentials.token ?? "";
    if (!sid || !token) throw new ServiceError("Twilio needs the Account SID and auth token.", "refused");
    const account = await ctx.call<AccountAnswer>(ctx.url(`https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sid)}.json`), {
      headers: { authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}` },
    });
    const name = account?.friendly_name || sid;
    if (account?.status && account.status !== "active") {
      throw new ServiceError(`The Twilio account ${name} is ${account.status}: it cannot send messages.`, "refused");
    }
    return `Connected to the Twilio account ${name}.`;
  },
  actions: { sendsms: sendSms, sendmms: sendSms },
};
