import type { PersonalAccessToken } from "../schemas/index.js";
import type { CreateTokenRequest } from "../schemas/requests/tokens.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { route, type CallOf } from "./route.js";
import type { TokenScope } from "./types.js";

/** A new token: `accessToken` is the plain token, shown once and never again. */
export interface CreatedToken {
  accessToken: string;
  token: PersonalAccessToken;
}

export interface TokensResource {
  /** `GET /oauth/personal-access-tokens`. @example const tokens = await client.tokens.list() */
  list(): CuepointPromise<PersonalAccessToken[]>;
  /**
   * `POST /oauth/personal-access-tokens`. Keep `accessToken`: it is shown once.
   *
   * @example
   * const { accessToken } = await client.tokens.create({ name: "Zapier", scopes: ["webinars:read"] })
   */
  create(body: CreateTokenRequest): CuepointPromise<CreatedToken>;
  /** `DELETE /oauth/personal-access-tokens/{id}`: revokes a token. @example await client.tokens.delete(token.id) */
  delete(id: string | number): CuepointPromise<void>;
  /** `GET /oauth/scopes`: the scopes a token may carry. @example const scopes = await client.tokens.scopes() */
  scopes(): CuepointPromise<TokenScope[]>;
}

/** `GET /oauth/personal-access-tokens`. @example const tokens = await tokensList(client) */
export const tokensList: CallOf<TokensResource["list"]> = /* @__PURE__ */ route("GET /oauth/personal-access-tokens");

/**
 * `POST /oauth/personal-access-tokens`. Keep `accessToken`: it is shown once.
 *
 * @example
 * const { accessToken } = await tokensCreate(client, { name: "Zapier", scopes: ["webinars:read"] })
 */
export const tokensCreate: CallOf<TokensResource["create"]> = /* @__PURE__ */ route("POST /oauth/personal-access-tokens");

/** `DELETE /oauth/personal-access-tokens/{id}`: revokes a token. @example await tokensDelete(client, token.id) */
export const tokensDelete: CallOf<TokensResource["delete"]> = /* @__PURE__ */ route("DELETE /oauth/personal-access-tokens/{id}");

/** `GET /oauth/scopes`: the scopes a token may carry. @example const scopes = await tokensScopes(client) */
export const tokensScopes: CallOf<TokensResource["scopes"]> = /* @__PURE__ */ route("GET /oauth/scopes");

/** Personal access tokens of the developer area (spec §7). */
export const tokens = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): TokensResource =>
  group<TokensResource>(call, {
    list: tokensList,
    create: tokensCreate,
    delete: tokensDelete,
    scopes: tokensScopes,
  });
