/*
 * A loopback OneSignal REST API, written from OneSignal's public reference:
 * - https://documentation.onesignal.com/reference/quick-start-api-guide (App ID in every request;
 *   `Authorization: Key <App API key>`; errors as `{ "errors": ["…"] }`)
 * - https://documentation.onesignal.com/reference/view-templates (GET /templates?app_id=&limit=&offset=,
 *   limit at most 50; `templates: [{ id, name, created_at, updated_at }]`, `total_count`)
 * - https://documentation.onesignal.com/reference/push-notification (POST /notifications?c=push, JSON:
 *   `app_id`, `template_id`, `include_aliases: { external_id: [...] }` with `target_channel`
 *   required beside it, `custom_data`, `idempotency_key` (a UUID); 200 with `id`, or 200 with
 *   `id: ""` and `errors` when nobody targeted is subscribed; `invalid_aliases` names the aliases
 *   that matched no subscribed user)
 * - https://documentation.onesignal.com/reference/idempotent-notification-requests (a request with an
 *   `idempotency_key` seen in the last 30 days sends nothing and answers the first request's result)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const ONESIGNAL_APP_ID = "202d4f61-1ca9-42df-9d36-bb17d8123abc";
export const ONESIGNAL_KEY = "os_v2_app_cuepointkey0123456789";

export interface FakeOneSignal extends FakeService {
  templates: Array<{ id: string; name: string }>;
  /** External IDs of users with a push subscription. */
  subscribed: Set<string>;
  /** Messages created, in order (an idempotent repeat adds none). */
  created: Array<{ id: string; body: Record<string, unknown> }>;
  /** The next Create message stores its message and then answers 502, as if the answer was lost. */
  loseNextAnswer: boolean;
}

const errors = (status: number, ...words: string[]): FakeAnswer => ({ status, json: { errors: words } });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.headers.authorization !== `Key ${ONESIGNAL_KEY}`) {
      return errors(403, "Access denied.  Please include an 'Authorization: Key <API key>' header with a valid API key.");
    }
    return answer(request);
  };
}

/** A OneSignal app with 60 templates (two pages) and one subscribed user, ada@example.com. */
export async function startFakeOneSignal(): Promise<FakeOneSignal> {
  const templates = Array.from({ length: 60 }, (_, i) => ({
    id: `9e778dd4-6453-40d7-888d-${String(i).padStart(12, "0")}`,
    name: i === 0 ? "Webinar starting" : `Template ${i}`,
  }));
  const subscribed = new Set(["ada@example.com"]);
  const created: FakeOneSignal["created"] = [];
  const answered = new Map<string, FakeAnswer>();
  const state = { loseNextAnswer: false };
  const fake = await startFakeService({
    "GET /templates": guarded((request) => {
      if (request.query.get("app_id") !== ONESIGNAL_APP_ID) return errors(400, "app_id not found");
      const limit = Number(request.query.get("limit") ?? 50);
      const offset = Number(request.query.get("offset") ?? 0);
      if (!(limit >= 1 && limit <= 50)) return errors(400, "limit must be between 1 and 50");
      const page = templates.slice(offset, offset + limit).map((row) => ({ ...row, created_at: "2024-02-01T10:00:00Z", updated_at: "2024-02-01T10:00:00Z" }));
      return { json: { templates: page, total_count: templates.length, offset, limit } };
    }),
    "POST /notifications": guarded((request) => {
      if (request.query.get("c") !== "push") return errors(400, "Unknown channel");
      if (!String(request.headers["content-type"]).includes("application/json")) {
        return errors(400, "app_id not found. You may be missing a Content-Type: application/json header.");
      }
      const body = (request.data ?? {}) as Record<string, unknown>;
      if (body.app_id !== ONESIGNAL_APP_ID) return errors(400, "app_id not found. You may be missing a Content-Type: application/json header.");
      const key = body.idempotency_key;
      if (key !== undefined && (typeof key !== "string" || !UUID.test(key))) return errors(400, "idempotency_key must be a UUID");
      const previous = typeof key === "string" ? answered.get(key) : undefined;
      if (previous) return previous;
      if (!templates.some((row) => row.id === body.template_id)) return errors(400, "Template not found");
      const aliases = (body.include_aliases ?? {}) as { external_id?: unknown };
      if (!Array.isArray(aliases.external_id)) return errors(400, "You must include which players, segments, or tags you wish to send this notification to.");
      if (body.target_channel !== "push") return errors(400, "target_channel is required when include_aliases is used");
      const targets = aliases.external_id.map(String);
      const reached = targets.filter((id) => subscribed.has(id));
      let answer: FakeAnswer;
      if (reached.length === 0) {
        answer = { json: { id: "", errors: { invalid_aliases: { external_id: targets } } } };
      } else {
        const id = `b98881cc-1e94-4366-bbd9-${String(created.length + 1).padStart(12, "0")}`;
        created.push({ id, body });
        answer = { json: { id, external_id: null, ...(reached.length < targets.length && { errors: { invalid_aliases: { external_id: targets.filter((t) => !reached.includes(t)) } } }) } };
      }
      if (typeof key === "string") answered.set(key, answer);
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        return { status: 502, json: { errors: ["Bad Gateway"] } };
      }
      return answer;
    }),
  });
  return Object.defineProperties(Object.assign(fake, { templates, subscribed, created }), {
    loseNextAnswer: { get: () => state.loseNextAnswer, set: (lose: boolean) => (state.loseNextAnswer = lose), enumerable: true },
  }) as FakeOneSignal;
}
