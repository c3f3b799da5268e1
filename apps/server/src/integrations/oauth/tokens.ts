import type { IntegrationKind } from "@cuepoint/sdk";
import { oauthUrl } from "../endpoints.js";
import type { OAuthTokens } from "../secrets.js";
import { callService, ServiceError } from "../serviceCall.js";
import type { OAuthProvider } from "./providers.js";

export interface OAuthClient {
  id: string;
  secret: string;
}

/** The provider's consent page for one connection attempt. */
export function authorizationUrl(
  kind: IntegrationKind,
  provider: OAuthProvider,
  client: OAuthClient,
  state: string,
  redirectUri: string,
): string {
  const url = new URL(oauthUrl(kind, provider.authorizeUrl.replace("{client_id}", encodeURIComponent(client.id))));
  const params: Record<string, string | undefined> = provider.tokenUrl
    ? {
        response_type: "code",
        client_id: client.id,
        redirect_uri: redirectUri,
        scope: provider.scope,
        state,
        ...provider.authorizeParams,
      }
    : { state }; // Twilio Connect: the app is in the path; it returns the AccountSid.
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

type TokenAnswer = {
  ok?: boolean;
  error?: string;
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  scope?: string;
  token_type?: string;
};

/** One call to the token URL: a code exchange or a refresh (RFC 6749 §4.1.3, §6). */
async function tokenCall(
  kind: IntegrationKind,
  label: string,
  provider: OAuthProvider,
  client: OAuthClient,
  grant: Record<string, string>,
  now: Date,
  previous?: OAuthTokens,
): Promise<OAuthTokens> {
  if (!provider.tokenUrl) throw new Error(`${kind} has no token URL.`);
  const basic = provider.clientAuth === "basic";
  const form = { ...grant, ...(!basic && { client_id: client.id, client_secret: client.secret }) };
  const headers: Record<string, string> = basic
    ? { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}` }
    : {};
  let url = oauthUrl(kind, provider.tokenUrl);
  if (provider.tokenMethod === "GET") url = `${url}?${new URLSearchParams(form)}`;
  const answer = await callService<TokenAnswer>(`${label} sign-in`, url, {
    headers,
    ...(provider.tokenMethod === "GET" ? { method: "GET" } : { form }),
  });
  // Slack answers 200 with `ok: false` on failure.
  if (answer?.ok === false || !answer?.access_token) {
    throw new ServiceError(`${label} sign-in answered: ${answer?.error ?? "no access token"}`, "refused");
  }
  const seconds = Number(answer.expires_in);
  return {
    access_token: answer.access_token,
    // Providers that do not rotate refresh tokens leave them out of a refresh answer.
    ...((answer.refresh_token ?? previous?.refresh_token) && {
      refresh_token: answer.refresh_token ?? previous?.refresh_token,
    }),
    ...(seconds > 0 && { expires_at: new Date(now.getTime() + seconds * 1000).toISOString() }),
    ...(answer.scope && { scope: answer.scope }),
    ...(answer.token_type && { token_type: answer.token_type }),
  };
}

export const exchangeCode = (
  kind: IntegrationKind,
  label: string,
  provider: OAuthProvider,
  client: OAuthClient,
  code: string,
  redirectUri: string,
  now: Date,
) =>
  tokenCall(kind, label, provider, client, { grant_type: "authorization_code", code, redirect_uri: redirectUri }, now);

export const refreshTokens = (
  kind: IntegrationKind,
  label: string,
  provider: OAuthProvider,
  client: OAuthClient,
  tokens: OAuthTokens,
  now: Date,
) =>
  tokenCall(
    kind,
    label,
    provider,
    client,
    { grant_type: "refresh_token", refresh_token: tokens.refresh_token ?? "" },
    now,
    tokens,
  );
