import * as v from "valibot";
import { integrationCatalogue, IntegrationSchema, OAuthAuthorizeQuerySchema, OAuthCallbackRequestSchema } from "@cuepoint/sdk";
import type { AppDeps } from "../../deps.js";
import { badRequest, notFound, unprocessable } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { serviceFor } from "../services/index.js";
import { serviceContext } from "../context.js";
import { throughService } from "../credentials.js";
import { oauthClient } from "../endpoints.js";
import { kindFromPath, labelOf } from "../kinds.js";
import { OAUTH_PROVIDERS } from "../oauth/providers.js";
import { consumeState, createState } from "../oauth/states.js";
import { authorizationUrl, exchangeCode } from "../oauth/tokens.js";
import { emptySecrets, type OAuthTokens } from "../secrets.js";
import { insertIntegration, loadIntegration, toWire, updateIntegration } from "../store.js";

const TAG = "Integrations";

/** The kind, its provider and the server's OAuth app for it (422 when the operator set none up). */
function oauthSetup(segment: string | undefined) {
  const kind = kindFromPath(segment);
  const provider = OAUTH_PROVIDERS[kind];
  const route = integrationCatalogue[kind].callbackRoute;
  if (!provider || !route) throw notFound(`${labelOf(kind)} does not connect through a sign-in page.`);
  const client = oauthClient(kind);
  if (!client) {
    throw unprocessable(
      `${labelOf(kind)} sign-in is not set up on this server: its operator sets CUEPOINT_${kind}_CLIENT_ID and ` +
        `CUEPOINT_${kind}_CLIENT_SECRET.`,
    );
  }
  return { kind, provider, client, route };
}

/** Where the provider sends the person back: the dashboard's §2 callback page. */
const redirectUri = (deps: AppDeps, route: string) =>
  `${(process.env.CUEPOINT_OAUTH_REDIRECT_BASE || deps.config.publicURL).replace(/\/$/, "")}/${route}`;

const authorize = defineRoute({
  method: "GET",
  path: "/oauth/:kind/authorize",
  operationId: "integrations.authorizeURL",
  tag: TAG,
  summary: "Start connecting a service through its sign-in page (design)",
  description:
    "Redirects (302) to the provider's consent page; with `Accept: application/json` answers `{ success: { url } }` " +
    "instead, for apps that hold the token in script and navigate themselves. The provider returns to the " +
    "dashboard's §2 callback page, `{CUEPOINT_OAUTH_REDIRECT_BASE or PUBLIC_URL}/{kind}callback`, which completes " +
    "with `POST /oauth/{kind}/callback`. The attempt is bound to the calling session or token and lasts 10 " +
    "minutes. 422 when the server has no OAuth app for the kind (`CUEPOINT_<KIND>_CLIENT_ID`/`_SECRET`).",
  access: "integrations:write",
  query: OAuthAuthorizeQuerySchema,
  answer: { description: "The consent page's address.", schema: v.object({ success: v.object({ url: v.string() }) }) },
  async handle({ query, params, caller, deps, c }) {
    const { kind, provider, client, route } = oauthSetup(params.kind);
    if (query.integrationID !== undefined) {
      const existing = await loadIntegration(deps.db.orm, caller.accountId, query.integrationID);
      if (existing.kind !== kind) throw badRequest(`This integration is ${labelOf(existing.kind)}.`, "integrationID");
    }
    const redirect = redirectUri(deps, route);
    const state = await createState(
      deps.db.orm,
      caller,
      {
        kind,
        redirectUri: redirect,
        ...(query.integrationID !== undefined && { integrationId: String(query.integrationID) }),
        ...(query.name && { name: query.name }),
      },
      deps.config.now(),
    );
    const url = authorizationUrl(kind, provider, client, state, redirect);
    if ((c.req.header("accept") ?? "").includes("application/json")) return { success: { url } };
    return c.redirect(url, 302);
  },
});

const callback = defineRoute({
  method: "POST",
  path: "/oauth/:kind/callback",
  operationId: "integrations.completeOAuth",
  tag: TAG,
  summary: "Finish connecting: exchange the provider's code and store the tokens (design)",
  description:
    "The body is the query of the §2 callback page: `code` (+ `state`; `scope` for Keap), or `AccountSid` for " +
    "Twilio Connect. `{kind}` may also be the callback's stem (`fb`, `goto`). The code is exchanged at the " +
    "provider's token URL and the tokens are stored encrypted on a new, connected integration (or the one being " +
    "reconnected). Without `state`, the caller's latest open attempt for the kind is used; either way it must come " +
    "from the same session or token, unused and under 10 minutes old (400 on `state` otherwise). A provider " +
    "refusal answers 422 with its words.",
  access: "integrations:write",
  body: OAuthCallbackRequestSchema,
  answer: { description: "The connected integration.", schema: v.object({ success: IntegrationSchema }) },
  async handle({ body, params, caller, deps }) {
    const { kind, provider, client } = oauthSetup(params.kind);
    const label = labelOf(kind);
    if (body.error) throw unprocessable(`${label} sign-in was not completed: ${body.error_description ?? body.error}.`);
    const now = deps.config.now;
    const attempt = await consumeState(deps.db.orm, caller, kind, body.state, now());
    let tokens: OAuthTokens | undefined;
    let credentials: Record<string, string> = {};
    if (provider.tokenUrl) {
      if (!body.code) throw badRequest('"code" is required.', "code");
      const code = body.code;
      tokens = await throughService(() => exchangeCode(kind, label, provider, client, code, attempt.redirectUri, now()));
      if (!tokens.scope && body.scope) tokens.scope = body.scope;
    } else {
      if (!body.AccountSid) throw badRequest('"AccountSid" is required.', "AccountSid");
      credentials = { sid: body.AccountSid };
    }
    const ctx = serviceContext({ kind, credentials, tokens, now });
    const facts = await throughService(async () => (await serviceFor(kind).afterConnect?.(ctx)) ?? {});
    const meta = { via: "oauth", ...facts };
    const secrets = { ...emptySecrets(), credentials, ...(tokens && { tokens }) };
    if (attempt.integrationId) {
      const current = await loadIntegration(deps.db.orm, caller.accountId, attempt.integrationId);
      const updated = await updateIntegration(
        deps.db.orm,
        current,
        { secrets: { ...current.secrets, ...secrets, data: current.secrets.data }, meta, connected: true, lastError: null },
        now(),
      );
      return { success: toWire(updated) };
    }
    const created = await insertIntegration(deps.db.orm, {
      accountId: caller.accountId,
      kind,
      name: attempt.name ?? label,
      secrets,
      connected: true,
      meta,
      now: now(),
    });
    return { success: toWire(created) };
  },
});

export const integrationOAuthRoutes = [authorize, callback];
