/*
 * A loopback Salesmsg, written from what is published about its API (README.md lists each source):
 * - https://www.salesmessage.com/partnership-integration-guide (OAuth 2.0: authorize at
 *   https://app.salesmessage.com/auth/oauth; the code, and later the refresh token, exchanged at
 *   POST https://api.salesmessage.com/pub/v2.2/oauth/token, form-encoded or JSON, with client_id and
 *   client_secret; answered `{ access_token, refresh_token, expires_in: 86340, token_type: "Bearer" }`)
 * - Salesmsg's OpenAPI 3.0 document of its public API v2.3
 *   (https://app.salesmessage.com/api/docs/salesmessage-public-api-v2.3.json, base
 *   https://api.salesmessage.com/pub/v2.3), as transcribed operation by operation in
 *   https://github.com/segevsh/w6w-apps/tree/main/apps/salesmsg (README.md, lib/client.ts,
 *   actions/user-get.ts, team-list.ts, message-send.ts):
 *   - GET /user, "Get Current User" (scope users:read): the caller's profile
 *   - GET /teams, "Get teams (inboxes)" (scope teams:read): a bare array of inboxes, each with its
 *     sending number
 *   - POST /messages, "Send SMS by number" (scope messages:write): `number`, `team_id` (the inbox
 *     that sends), `message`, optional `send_at` and `media_url[][url]`, all **query parameters**,
 *     no request body; answers the queued message (`id`, `conversation_id`, `status`, `body`…); no
 *     idempotency key
 *   - a missing or refused token: 401 `{ "message": "Unauthorized", "auth_required": false }`
 *     (observed live); 60 requests a minute, then 429
 * Not in those sources, so the fake's own: the fields of a user and of an inbox beyond `id` (it
 * answers an inbox's `name`), and the words of a refused send to an unknown inbox (422 `{ message }`,
 * the shape of Salesmsg's other errors).
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

/** The team's inboxes (`GET /teams`). */
export const SALESMSG_TEAMS = [
  { id: 501, name: "Webinar line" },
  { id: 502, name: "Support" },
];

export interface SalesmsgText {
  id: number;
  conversation_id: number;
  number: string;
  team_id: number;
  body: string;
}

export interface FakeSalesmsg extends FakeService {
  /** Every text queued, oldest first. */
  texts: SalesmsgText[];
}

const UNAUTHORIZED: FakeAnswer = { status: 401, json: { message: "Unauthorized", auth_required: false } };

const signedIn = (request: ReceivedRequest) =>
  request.headers.authorization === `Bearer ${SALESMSG_TOKEN}` || request.headers.authorization === `Bearer ${SALESMSG_REFRESHED_TOKEN}`;

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

/** A Salesmsg team with two inboxes whose user signed Cuepoint in. */
export async function startFakeSalesmsg(): Promise<FakeSalesmsg> {
  const texts: SalesmsgText[] = [];
  const conversations = new Map<string, number>();
  const fake = await startFakeService({
    "POST /pub/v2.2/oauth/token": token,
    "GET /pub/v2.3/user": (request) => (signedIn(request) ? { json: { id: 4242, email: "host@example.com" } } : UNAUTHORIZED),
    "GET /pub/v2.3/teams": (request) => (signedIn(request) ? { json: SALESMSG_TEAMS } : UNAUTHORIZED),
    "POST /pub/v2.3/messages": (request) => {
      if (!signedIn(request)) return UNAUTHORIZED;
      const number = request.query.get("number") ?? "";
      const teamId = Number(request.query.get("team_id"));
      const message = request.query.get("message") ?? "";
      if (request.body !== "") return { status: 400, json: { message: "The fields go in the query string." } };
      if (!number || !message) return { status: 422, json: { message: "The number and message fields are required." } };
      if (!SALESMSG_TEAMS.some((team) => team.id === teamId)) return { status: 422, json: { message: "The selected team id is invalid." } };
      const key = `${teamId}/${number}`;
      const conversation = conversations.get(key) ?? 7000 + conversations.size + 1;
      conversations.set(key, conversation);
      const text = { id: 9000 + texts.length + 1, conversation_id: conversation, number, team_id: teamId, body: message };
      texts.push(text);
      return { json: { id: text.id, conversation_id: conversation, status: "queued", body: message, type: "sms" } };
    },
  });
  return Object.assign(fake, { texts });
}
