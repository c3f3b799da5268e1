import type { IntegrationService } from "../types.js";

/**
 * Salesmsg through its OAuth sign-in: the connection check only. It reads the signed-in user
 * (`GET https://api.salesmessage.com/pub/v2.1/users/me`, the access token as Bearer, refreshed
 * first when it has expired), so `connected` says Salesmsg accepted the token. No action: how to
 * text a phone number is not in Salesmsg's public reference as far as it could be read, and
 * Cuepoint does not send through guessed endpoints (README.md).
 */
export const salesmessageService: IntegrationService = {
  kinds: ["SALESMESSAGE"],
  async check(ctx) {
    const token = await ctx.accessToken();
    await ctx.call(ctx.url("https://api.salesmessage.com/pub/v2.1/users/me"), {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    });
    return "Connected to Salesmsg: it accepted the sign-in's token.";
  },
  actions: {},
};
