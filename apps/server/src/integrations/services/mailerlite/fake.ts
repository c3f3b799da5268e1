/*
 * A loopback MailerLite API ("connect" API), written from MailerLite's public API reference:
 * - https://developers.mailerlite.com/docs (base URL https://connect.mailerlite.com/api, JSON both ways,
 *   `Authorization: Bearer {token}`, errors: 401 `{"message":"Unauthenticated."}`, 404, 422 `{"message", "errors": {field: [..]}}`)
 * - https://developers.mailerlite.com/docs/groups (GET /api/groups `?limit&page`, answer `{data, links, meta}`;
 *   DELETE /api/subscribers/{subscriber_id}/groups/{group_id}: 204)
 * - https://developers.mailerlite.com/docs/subscribers (POST /api/subscribers: create or update by email, 201 new /
 *   200 existing, non-destructive: groups given are added, others kept; GET /api/subscribers/{id or email};
 *   DELETE /api/subscribers/{id}: 204, 404 when there is none)
 * - https://developers.mailerlite.com/guides/basic (the subscriber body: email, fields.name, fields.last_name)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const LITE_TOKEN = "mlite_eyJ0eXAiOiJKV1Qi.0123456789";

export interface LiteSubscriber {
  id: string;
  email: string;
  fields: { name: string; last_name: string };
  groups: Set<string>;
}

export interface LiteState {
  groups: Array<{ id: string; name: string }>;
  subscribers: Map<string, LiteSubscriber>;
}

const NOT_FOUND: FakeAnswer = { status: 404, json: { message: "Resource not found." } };

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.headers.authorization !== `Bearer ${LITE_TOKEN}`) return { status: 401, json: { message: "Unauthenticated." } };
    if (request.headers.accept !== "application/json") return { status: 406, json: { message: "Send Accept: application/json." } };
    if (request.body && request.headers["content-type"] !== "application/json") return { status: 415, json: { message: "Send JSON." } };
    return answer(request);
  };
}

const view = (subscriber: LiteSubscriber, state: LiteState) => ({
  id: subscriber.id,
  email: subscriber.email,
  status: "active",
  source: "api",
  fields: subscriber.fields,
  groups: state.groups.filter((group) => subscriber.groups.has(group.id)),
  created_at: "2024-03-01 10:00:00",
});

function upsert(state: LiteState, request: ReceivedRequest, nextId: () => string): FakeAnswer {
  const body = (request.data ?? {}) as { email?: unknown; fields?: Partial<LiteSubscriber["fields"]>; groups?: unknown };
  const email = typeof body.email === "string" ? body.email : "";
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) {
    return { status: 422, json: { message: "The email must be a valid email address.", errors: { email: ["The email must be a valid email address."] } } };
  }
  const groups = Array.isArray(body.groups) ? body.groups.map(String) : [];
  const unknown = groups.find((id) => !state.groups.some((group) => group.id === id));
  if (unknown) {
    return { status: 422, json: { message: "The selected groups.0 is invalid.", errors: { "groups.0": ["The selected groups.0 is invalid."] } } };
  }
  const known = state.subscribers.get(email.toLowerCase());
  const subscriber = known ?? { id: nextId(), email, fields: { name: "", last_name: "" }, groups: new Set<string>() };
  subscriber.fields = { ...subscriber.fields, ...body.fields };
  for (const id of groups) subscriber.groups.add(id);
  state.subscribers.set(email.toLowerCase(), subscriber);
  return { status: known ? 200 : 201, json: { data: view(subscriber, state) } };
}

const byIdOrEmail = (state: LiteState, key: string) =>
  state.subscribers.get(key.toLowerCase()) ?? [...state.subscribers.values()].find((s) => s.id === key);

/**
 * Starts the fake with three groups. Its routes are exact paths, so per-subscriber paths are
 * added as subscribers appear (`sync`).
 */
export async function startLiteFake(): Promise<FakeService & { state: LiteState; sync(): void }> {
  const state: LiteState = {
    groups: [
      { id: "4243829086487936", name: "Webinar registrants" },
      { id: "4243829086487937", name: "Attended live" },
      { id: "4243829086487938", name: "Bought" },
    ],
    subscribers: new Map(),
  };
  let id = 31897397363737859n;
  const nextId = () => String(id++);
  const fake = await startFakeService();
  const sync = () => {
    for (const subscriber of state.subscribers.values()) {
      const routes: Parameters<FakeService["on"]>[0] = {
        [`GET /api/subscribers/${encodeURIComponent(subscriber.email)}`]: guarded(() => {
          const found = byIdOrEmail(state, subscriber.email);
          return found ? { json: { data: view(found, state) } } : NOT_FOUND;
        }),
        [`DELETE /api/subscribers/${subscriber.id}`]: guarded(() => {
          if (!byIdOrEmail(state, subscriber.id)) return NOT_FOUND;
          state.subscribers.delete(subscriber.email.toLowerCase());
          return { status: 204 };
        }),
      };
      for (const group of state.groups) {
        routes[`DELETE /api/subscribers/${subscriber.id}/groups/${group.id}`] = guarded(() => {
          const found = byIdOrEmail(state, subscriber.id);
          if (!found) return NOT_FOUND;
          found.groups.delete(group.id);
          return { status: 204 };
        });
      }
      fake.on(routes);
    }
  };
  fake.on({
    "GET /api/groups": guarded((r) => {
      const limit = Number(r.query.get("limit") ?? 25);
      const page = Number(r.query.get("page") ?? 1);
      const lastPage = Math.max(1, Math.ceil(state.groups.length / limit));
      const data = state.groups.slice((page - 1) * limit, page * limit).map((group) => ({ ...group, active_count: 0, created_at: "2022-05-24 11:52:55" }));
      return { json: { data, links: { first: null, last: null, prev: null, next: null }, meta: { current_page: page, last_page: lastPage, per_page: limit, total: state.groups.length } } };
    }),
    "POST /api/subscribers": guarded((r) => {
      const answer = upsert(state, r, nextId);
      sync();
      return answer;
    }),
  });
  return Object.assign(fake, { state, sync });
}
