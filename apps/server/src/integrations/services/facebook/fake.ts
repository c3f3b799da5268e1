import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";
import { GRAPH_VERSION } from "./adapter.js";

/**
 * The Graph API's custom audience calls on loopback, written from Meta's reference:
 * - Custom Audience Users — https://developers.facebook.com/docs/marketing-api/reference/custom-audience/users/
 *   (`POST /{custom_audience_id}/users`, form field `payload` = JSON `{schema, data}`; answers
 *   `{audience_id, session_id, num_received, num_invalid_entries, invalid_entry_samples}`; up to
 *   10,000 rows a call)
 * - Customer list custom audiences, hashing and normalising — https://developers.facebook.com/docs/marketing-api/audiences/guides/custom-audiences
 *   (values SHA-256, lower-case hex, of the normalised value; `EMAIL` and `PHONE` keys)
 * - Graph API errors — https://developers.facebook.com/docs/graph-api/guides/error-handling
 *   (`{error: {message, type, code, error_subcode, fbtrace_id}}`; 190 invalid token; 100 unknown object)
 * - Facebook Login, exchanging the code — https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 *   (`GET /v19.0/oauth/access_token?client_id&redirect_uri&client_secret&code`)
 * The audience keeps its members as a set of hashed rows, as Meta matches them: adding one twice
 * adds nothing.
 */

export interface FacebookFake extends FakeService {
  /** Hashed rows by audience id (`schema` joined by `,` → values joined by `,`). */
  members: Map<string, Set<string>>;
}

const KEYS = new Set(["EMAIL", "EMAIL_SHA256", "PHONE", "PHONE_SHA256", "FN", "LN", "EXTERN_ID"]);
const HASH = /^[0-9a-f]{64}$/;

const graphError = (message: string, type: string, code: number, subcode?: number): FakeAnswer => ({
  status: 400,
  json: { error: { message, type, code, ...(subcode && { error_subcode: subcode }), fbtrace_id: "AbCdEf123" } },
});

export async function startFacebookFake(input: { code: string; token: string; audiences: readonly string[] }): Promise<FacebookFake> {
  const members = new Map(input.audiences.map((id) => [id, new Set<string>()]));
  let sessions = 0;
  const authorized = (r: ReceivedRequest) => r.headers.authorization === `Bearer ${input.token}`;
  const invalidToken = graphError("Invalid OAuth access token - Cannot parse access token", "OAuthException", 190);

  const addUsers = (audience: string) => (r: ReceivedRequest): FakeAnswer => {
    if (!authorized(r)) return invalidToken;
    const set = members.get(audience);
    if (!set) {
      return graphError(
        `Unsupported post request. Object with ID '${audience}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        "GraphMethodException",
        100,
        33,
      );
    }
    if (!String(r.headers["content-type"]).includes("x-www-form-urlencoded")) return graphError("(#100) The parameter payload is required", "OAuthException", 100);
    const form = r.data as Record<string, string>;
    let payload: { schema?: unknown; data?: unknown };
    try {
      payload = JSON.parse(form.payload ?? "") as typeof payload;
    } catch {
      return graphError("(#100) The parameter payload is required", "OAuthException", 100);
    }
    const schema = Array.isArray(payload.schema) ? payload.schema : [payload.schema];
    if (!schema.every((key) => typeof key === "string" && KEYS.has(key))) return graphError("(#100) Invalid schema", "OAuthException", 100);
    if (!Array.isArray(payload.data) || payload.data.length > 10_000) return graphError("(#100) Invalid data", "OAuthException", 100);
    let invalid = 0;
    for (const row of payload.data as unknown[]) {
      const values = Array.isArray(row) ? row : [row];
      const hashed = values.every((value) => typeof value === "string" && (value === "" || HASH.test(value)));
      if (values.length !== schema.length || !hashed || values.every((value) => value === "")) invalid++;
      else set.add(`${schema.join(",")}→${values.join(",")}`);
    }
    return {
      json: {
        audience_id: audience,
        session_id: String(++sessions),
        num_received: payload.data.length,
        num_invalid_entries: invalid,
        invalid_entry_samples: {},
      },
    };
  };

  const service = await startFakeService({
    [`GET /${GRAPH_VERSION}/oauth/access_token`]: (r) =>
      r.query.get("code") === input.code && r.query.get("client_secret")
        ? { json: { access_token: input.token, token_type: "bearer", expires_in: 5183944 } }
        : graphError("Invalid verification code format.", "OAuthException", 100),
    [`GET /${GRAPH_VERSION}/me`]: (r) => (authorized(r) ? { json: { id: "10001", name: "Ada" } } : invalidToken),
    ...Object.fromEntries(input.audiences.map((id) => [`POST /${GRAPH_VERSION}/${id}/users`, addUsers(id)])),
    [`POST /${GRAPH_VERSION}/404404/users`]: addUsers("404404"),
  });
  return { ...service, members };
}
