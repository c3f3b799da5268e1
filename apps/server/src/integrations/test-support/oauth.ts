import type { Client } from "@cuepoint/sdk";

/**
 * Connects an OAuth integration through the real routes (authorize, then the callback with the
 * provider's code), as the dashboard does; the token exchange goes to the fake provider the
 * test points `CUEPOINT_<KIND>_OAUTH_BASE_URL` at. Answers the integration's id.
 */
export async function connectOAuth(client: Client, kind: string, code: string): Promise<string> {
  const { success } = await client.integrations.authorizeURL(kind);
  const state = new URL(success.url).searchParams.get("state") ?? "";
  const { success: integration } = await client.integrations.completeOAuth(kind, { code, state });
  return integration.integrationid;
}
