import { integrationCatalogue, type IntegrationKind } from "@cuepoint/sdk";

/** What an integration keeps sealed (see sealing.ts): never sent back in clear except non-secret fields. */
export interface Secrets {
  /** The credential form's fields (`api_key`, `address`, `port`…), plus `sid` from Twilio Connect. */
  credentials: Record<string, string | number>;
  /** `POST /integration/adddata` values (`type=encrypt`): always secret. */
  data: Record<string, unknown>;
  tokens?: OAuthTokens;
}

/** Tokens an OAuth provider granted; `expires_at` is an ISO instant when the provider said. */
export interface OAuthTokens {
  access_token: string;
  refresh_token?: string;
  expires_at?: string;
  scope?: string;
  token_type?: string;
}

export const emptySecrets = (): Secrets => ({ credentials: {}, data: {} });

/** The start of every masked value. A form sending it back means "unchanged". */
export const MASK = "••••";

/**
 * A secret as answers show it: the mask and, for values of 8 characters or more, the last four
 * (`••••1234`) so a person can tell which key is stored; shorter ones reveal nothing.
 */
export function mask(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
  return text.length >= 8 ? `${MASK}${text.slice(-4)}` : MASK;
}

export const isMasked = (value: unknown): boolean => typeof value === "string" && value.startsWith(MASK);

/**
 * Whether a credential field may be shown in clear: only the fields the kind's catalogue entry
 * declares not secret (an API URL, an SMTP host, a username). Anything else — secret fields,
 * OAuth tokens, unknown names — is treated as secret.
 */
export function isPlainField(kind: IntegrationKind, name: string): boolean {
  return integrationCatalogue[kind].credentials.some((field) => field.name === name && !field.secret);
}

/** Drops masked values, so a form echoing `••••1234` never replaces the secret it stands for. */
export function withoutMasked(blocks: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(blocks).filter(([, value]) => !isMasked(value)));
}

/** Credentials as strings, the way adapters read them. */
export const credentialText = (credentials: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(credentials)
      .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
      .map(([key, value]) => [key, String(value)]),
  );
