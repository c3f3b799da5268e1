import type { PersonalAccessToken } from "../schemas/index.js";
import type { CreateTokenRequest } from "../schemas/requests/tokens.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
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

/** Personal access tokens of the developer area (spec §7). */
export const tokens = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): TokensResource =>
  group<TokensResource>(call, {
    list: "GET /oauth/personal-access-tokens",
    create: "POST /oauth/personal-access-tokens",
    delete: "DELETE /oauth/personal-access-tokens/{id}",
    scopes: "GET /oauth/scopes",
  });
