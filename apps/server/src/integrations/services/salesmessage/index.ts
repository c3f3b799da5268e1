import type { ServiceList } from "@cuepoint/sdk";
import type { IntegrationService } from "../types.js";
import { SALESMSG_API, salesmsgHeaders } from "./api.js";
import { sendSms } from "./sendSms.js";

/** One inbox of `GET /teams` ("Get teams (inboxes)"): Salesmsg calls an inbox a team. */
interface Team {
  id?: number | string;
  name?: string;
}

/**
 * Salesmsg through its OAuth sign-in (README.md): the connection check reads the signed-in user
 * (`GET /user`, "Get Current User"), the `inboxes` list reads the team's inboxes (`GET /teams`,
 * each with its sending number) for `sendsms`'s sender, and `sendsms` texts a registrant's number
 * from the chosen inbox (`POST /messages`, "Send SMS by number").
 */
export const salesmessageService: IntegrationService = {
  kinds: ["SALESMESSAGE"],
  async check(ctx) {
    await ctx.call(ctx.url(`${SALESMSG_API}/user`), { headers: await salesmsgHeaders(ctx) });
    return "Connected to Salesmsg: it accepted the sign-in's token.";
  },
  async lists(ctx) {
    const teams = await ctx.call<Team[]>(ctx.url(`${SALESMSG_API}/teams`), { headers: await salesmsgHeaders(ctx) });
    const inboxes: ServiceList[] = (Array.isArray(teams) ? teams : [])
      .filter((team) => team.id !== undefined && team.id !== null)
      .map((team) => ({ id: String(team.id), name: team.name?.trim() || `Inbox ${String(team.id)}` }));
    return { inboxes };
  },
  actions: { sendsms: sendSms },
};
