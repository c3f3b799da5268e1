import { ServiceError } from "../../serviceCall.js";
import type { ServiceContext } from "../types.js";

/** The credential holding a HubSpot private-app token, typed in instead of the sign-in (the SDK's catalogue). */
export const PRIVATE_APP_TOKEN_FIELD = "access_token";

/**
 * HubSpot's bearer token, the same for the connection check and the actions: the OAuth grant
 * (refreshed when expired) when the integration was signed in, else the private-app token typed in
 * as its credential (https://developers.hubspot.com/docs/api/private-apps: sent as
 * `Authorization: Bearer`, like an OAuth access token).
 *
 * @example
 * await hubspotToken(ctx); // "pat-na1-…" or the OAuth access token
 */
export async function hubspotToken(ctx: ServiceContext): Promise<string> {
  if (ctx.signedIn) return ctx.accessToken();
  const privateToken = (ctx.credentials[PRIVATE_APP_TOKEN_FIELD] ?? "").trim();
  if (privateToken) return privateToken;
  throw new ServiceError(`${ctx.label}: connect HubSpot through its sign-in, or enter a private-app token.`, "refused");
}
