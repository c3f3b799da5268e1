import type { IntegrationKind } from "@cuepoint/sdk";

/**
 * Where the server talks to each service. Every vendor address in the adapters is written as the
 * vendor's real URL; `CUEPOINT_<KIND>_BASE_URL` (API calls) and `CUEPOINT_<KIND>_OAUTH_BASE_URL`
 * (authorize and token URLs) replace its origin and keep its path, so a proxy, a sandbox or a
 * test's loopback server can stand in for the vendor. Read at each call: the operator's
 * environment, not the request, decides where credentials go.
 *
 * @example
 * // CUEPOINT_MAILCHIMP_BASE_URL=http://127.0.0.1:4010
 * serviceUrl("MAILCHIMP", "https://us6.api.mailchimp.com/3.0/ping"); // http://127.0.0.1:4010/3.0/ping
 */
export function serviceUrl(kind: IntegrationKind, url: string, env: NodeJS.ProcessEnv = process.env): string {
  return rebase(url, env[`CUEPOINT_${kind}_BASE_URL`]);
}

/** An OAuth provider URL, rebased by `CUEPOINT_<KIND>_OAUTH_BASE_URL`. */
export function oauthUrl(kind: IntegrationKind, url: string, env: NodeJS.ProcessEnv = process.env): string {
  return rebase(url, env[`CUEPOINT_${kind}_OAUTH_BASE_URL`]);
}

/** Whether an address was rebased, i.e. the operator pointed this kind somewhere on purpose. */
export const isRebased = (kind: IntegrationKind, env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env[`CUEPOINT_${kind}_BASE_URL`]);

function rebase(url: string, base: string | undefined): string {
  if (!base) return url;
  const target = new URL(url);
  const root = new URL(base);
  return `${root.origin}${root.pathname.replace(/\/$/, "")}${target.pathname}${target.search}`;
}

/** The OAuth app of a kind: `CUEPOINT_<KIND>_CLIENT_ID` and `CUEPOINT_<KIND>_CLIENT_SECRET`. */
export function oauthClient(
  kind: IntegrationKind,
  env: NodeJS.ProcessEnv = process.env,
): { id: string; secret: string } | undefined {
  const id = env[`CUEPOINT_${kind}_CLIENT_ID`];
  const secret = env[`CUEPOINT_${kind}_CLIENT_SECRET`];
  return id && secret ? { id, secret } : undefined;
}

/**
 * Whether addresses people type (webhook URLs, SMTP hosts, an ActiveCampaign API URL) may point
 * into private networks. Off by default, so the server cannot be used to probe its own network;
 * `CUEPOINT_ALLOW_PRIVATE_TARGETS=true` allows it (tests, on-premise services).
 */
export const allowPrivateTargets = (env: NodeJS.ProcessEnv = process.env): boolean =>
  ["1", "true"].includes(env.CUEPOINT_ALLOW_PRIVATE_TARGETS ?? "");

/** How long one call to a service may take (`CUEPOINT_INTEGRATION_TIMEOUT_MS`, default 15 s). */
export const serviceTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number =>
  Number(env.CUEPOINT_INTEGRATION_TIMEOUT_MS) > 0 ? Number(env.CUEPOINT_INTEGRATION_TIMEOUT_MS) : 15_000;
