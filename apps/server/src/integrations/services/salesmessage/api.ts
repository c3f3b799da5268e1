import type { ServiceContext } from "../types.js";

/**
 * Salesmsg's public API v2.3 (`servers[0].url` of its OpenAPI document, README.md): the base of
 * the check, the inbox list and the send. The sign-in's token URL is in `oauth/providers.ts`.
 */
export const SALESMSG_API = "https://api.salesmessage.com/pub/v2.3";

/** The headers of every call: the sign-in's access token (refreshed first when expired) as Bearer. */
export async function salesmsgHeaders(ctx: ServiceContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await ctx.accessToken()}`, accept: "application/json" };
}
