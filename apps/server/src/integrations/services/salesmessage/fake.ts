/*
 * A loopback Salesmsg public API: the sign-in and the token check, as far as they are written down
 * in public (README.md lists what was searched and found):
 * - https://www.salesmessage.com/partnership-integration-guide (OAuth 2.0 authorization code flow:
 *   authorize at https://app.salesmessage.com/auth/oauth; the code and, later, the refresh token
 *   exchanged at POST https://api.salesmessage.com/pub/v2.2/oauth/token, form-encoded or JSON, with
 *   client_id and client_secret; answered `{ access_token, refresh_token, expires_in: 86340,
 *   token_type: "Bearer" }`)
 * - https://help.salesmessage.com/en/articles/4855418-the-salesmsg-api and
 *   https://documenter.gw.postman.com/view/metadata/2sAY4rEQ4J (the collection "SalesMessage Public
 *   API v2.2": Personal Access Tokens and OAuth2 tokens, both sent as `Authorization: Bearer`)
 * - https://pipedream.com/apps/salesmsg/integrations/node (Pipedream's check of a connected Salesmsg
 *   account: GET https://api.salesmessage.com/pub/v2.1/users/me with the OAuth access token as Bearer)
 * Not written down in any of them: the body of users/me and of a refusal. The fake answers the
 * token's user as `{ id, email }` (Cuepoint reads nothing from it) and refuses an unknown token
 * with 401 `{ message: "Unauthenticated." }` — `message` being where Salesmsg's API puts its words
 * as the third-party clients read them (README.md).
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

/** The code the fake's authorize page hands back, and the tokens it grants for it. */
export const SALESMSG_CODE = "salesmsg-oauth-code";
export const SALESMSG_TOKEN = "smsg-access-0001";
export const SALESMSG_REFRESHED_TOKEN = "smsg-access-0002";
export const SALESMSG_REFRESH = "smsg-refresh-0001";
/** A code whose token Salesmsg no longer accepts (the host revoked the app, or left the team). */
export const SALESMSG_REVOKED_CODE = "salesmsg-oauth-code-revoked";
const REVOKED_TOKEN = "smsg-access-revoked";
/** The `expires_in` of the partnership guide's example answer. */
export const SALESMSG_EXPIRES_IN = 86340;

const unauthenticated: FakeAnswer = { status: 401, json: { message: "Unauthenticated." } };

/** The token call's fields, from a form or a JSON body (the guide accepts either). */
const fields = (request: ReceivedRequest): Record<string, string> =>
  request.data && typeof request.data === "object" ? (request.data as Record<string, string>) : {};

function token(request: ReceivedRequest): FakeAnswer {
  const form = fields(request);
  if (form.client_id !== "salesmessage-client" || form.client_secret !== "salesmessage-secret") {
    return { status: 401, json: { error: "invalid_client", message: "Client authentication failed" } };
  }
  const grant = (access: string): FakeAnswer => ({
    json: { access_token: access, refresh_token: SALESMSG_REFRESH, expires_in: SALESMSG_EXPIRES_IN, token_type: "Bearer" },
  });
  if (form.grant_type === "authorization_code" && form.code === SALESMSG_CODE) return grant(SALESMSG_TOKEN);
  if (form.grant_type === "authorization_code" && form.code === SALESMSG_REVOKED_CODE) return grant(REVOKED_TOKEN);
  if (form.grant_type === "refresh_token" && form.refresh_token === SALESMSG_REFRESH) return grant(SALESMSG_REFRESHED_TOKEN);
  return { status: 400, json: { error: "invalid_grant", message: "The authorization grant is invalid or expired." } };
}

/** A Salesmsg team whose user signed Cuepoint in. */
export function startFakeSalesmsg(): Promise<FakeService> {
  return startFakeService({
    "POST /pub/v2.2/oauth/token": token,
    "GET /pub/v2.1/users/me": (request) =>
      request.headers.authorization === `Bearer ${SALESMSG_TOKEN}` || request.headers.authorization === `Bearer ${SALESMSG_REFRESHED_TOKEN}`
        ? { json: { id: 4242, email: "host@example.com" } }
        : unauthenticated,
  });
}
