import type { IntegrationKind } from "@cuepoint/sdk";
import type { Orm } from "../db/types.js";
import type { ServiceContext } from "./services/types.js";
import { oauthClient, serviceUrl } from "./endpoints.js";
import { labelOf } from "./kinds.js";
import { OAUTH_PROVIDERS } from "./oauth/providers.js";
import { refreshTokens } from "./oauth/tokens.js";
import { credentialText, type OAuthTokens } from "./secrets.js";
import { signingSecretsAt } from "./signingSecret.js";
import { callService, ServiceError } from "./serviceCall.js";
import { updateIntegration, type LoadedIntegration } from "./store.js";

/** A token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

export interface ContextInput {
  kind: IntegrationKind;
  credentials: Record<string, unknown>;
  meta?: Record<string, string>;
  tokens?: OAuthTokens | undefined;
  /** A saved WEBHOOK or ZAPIER integration's signing secrets (`signingSecretsAt`): its test payload is signed with them. */
  signingSecrets?: readonly string[];
  now: () => Date;
  /** Stores refreshed tokens (an integration's context); absent for unsaved credentials. */
  saveTokens?: (tokens: OAuthTokens) => Promise<void>;
}

/** The context adapters work in (see services/types.ts). */
export function serviceContext(input: ContextInput): ServiceContext {
  const label = labelOf(input.kind);
  let tokens = input.tokens;
  return {
    kind: input.kind,
    label,
    credentials: credentialText(input.credentials),
    meta: input.meta ?? {},
    signedIn: input.tokens !== undefined,
    signingSecrets: input.signingSecrets ?? [],
    now: input.now,
    url: (vendorUrl) => serviceUrl(input.kind, vendorUrl),
    call: (url, request) => callService(label, url, request),
    async accessToken() {
      if (!tokens) throw new ServiceError(`Connect ${label} through its sign-in first.`, "refused");
      const expiresAt = tokens.expires_at ? Date.parse(tokens.expires_at) : Number.POSITIVE_INFINITY;
      if (input.now().getTime() < expiresAt - EXPIRY_MARGIN_MS) return tokens.access_token;
      const provider = OAUTH_PROVIDERS[input.kind];
      const client = oauthClient(input.kind);
      if (!tokens.refresh_token || !provider?.tokenUrl || !client) {
        throw new ServiceError(`The ${label} sign-in has expired: connect ${label} again.`, "refused");
      }
      tokens = await refreshTokens(input.kind, label, provider, client, tokens, input.now());
      await input.saveTokens?.(tokens);
      return tokens.access_token;
    },
  };
}

/** The context of a stored integration; refreshed tokens are sealed back into its row. */
export function integrationContext(orm: Orm, loaded: LoadedIntegration, now: () => Date): ServiceContext {
  let current = loaded;
  return serviceContext({
    kind: loaded.kind,
    credentials: { ...loaded.secrets.credentials },
    meta: loaded.row.meta,
    tokens: loaded.secrets.tokens,
    signingSecrets: signingSecretsAt(loaded.secrets, now()),
    now,
    async saveTokens(tokens) {
      current = await updateIntegration(orm, current, { secrets: { ...current.secrets, tokens } }, now());
    },
  });
}
