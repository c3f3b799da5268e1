/*
 * A loopback Sendlane API v2, written from Sendlane's public API reference
 * (https://sendlane.stoplight.io/docs/api-documentation, its OpenAPI document "Sendlane V2 API",
 * server https://api.sendlane.com/v2, as mirrored at
 * https://github.com/api-evangelist/sendlane/tree/main/openapi):
 * - Authentication: `Authorization: Bearer {apiToken}`, JSON (`Accept: application/json`)
 * - Lists, Tags: GET /lists, GET /tags `?limit&page` → `{data, links, meta: {current_page, last_page, total…}}`;
 *   POST /tags `{name}` → 200 `{data: {id, name}}`
 * - List Contacts: POST /lists/{listId}/contacts `{contacts: [{email, first_name, last_name, tag_ids…}]}` → 202
 *   `{data: {message}}` (creates the contact when new)
 * - Contacts: GET /contacts/search (email) → `{data: Contact}`; POST /contacts/{contactId}/tags `{tag_ids}` → 200;
 *   DELETE /contacts/{contactId}/tags/{tagId} → 202
 * Errors as its Laravel API answers them: `{"message": "…"}` (401 "Unauthenticated.", 404), 422 with `errors`.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const SENDLANE_TOKEN = "sl_2f1e0d9c8b7a6f5e4d3c2b1a0";

export interface SendlaneState {
  lists: Array<{ id: number; name: string }>;
  tags: Array<{ id: number; name: string }>;
  contacts: Map<string, { id: number; first_name: string; last_name: string; lists: Set<number>; tags: Set<number> }>;
}

const ACCEPTED: FakeAnswer = { status: 202, json: { data: { message: "Successfully handled request" } } };

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.headers.authorization !== `Bearer ${SENDLANE_TOKEN}`) return { status: 401, json: { message: "Unauthenticated." } };
    if (request.body && request.headers["content-type"] !== "application/json") return { status: 415, json: { message: "Send JSON." } };
    return answer(request);
  };
}

function page(request: ReceivedRequest, rows: Array<{ id: number; name: string }>): FakeAnswer {
  const limit = Number(request.query.get("limit") ?? 100);
  const current = Number(request.query.get("page") ?? 1);
  const last = Math.max(1, Math.ceil(rows.length / limit));
  return {
    json: {
      data: rows.slice((current - 1) * limit, current * limit).map((row) => ({ ...row, audience_count: 0, created_at: "2024-01-01T00:00:00Z" })),
      links: { first: null, last: null, prev: null, next: null },
      meta: { current_page: current, from: 1, last_page: last, path: "", per_page: limit, to: rows.length, total: rows.length },
    },
  };
}

/** Starts the fake with two lists and 120 tags (two pages); `state` for tests; `sync()` after changing ids by hand. */
export async function startSendlaneFake(): Promise<FakeService & { state: SendlaneState; sync(): void }> {
  const state: SendlaneState = {
    lists: [
      { id: 11, name: "Webinar registrants" },
      { id: 12, name: "Customers" },
    ],
    tags: Array.from({ length: 120 }, (_, n) => ({ id: 500 + n, name: n === 110 ? "VIP" : `tag ${n}` })),
    contacts: new Map(),
  };
  let nextId = 9000;
  const fake = await startFakeService();
  const sync = () => {
    for (const list of state.lists) {
      fake.on({
        [`POST /v2/lists/${list.id}/contacts`]: guarded((r) => {
          const contacts = (r.data as { contacts?: unknown } | undefined)?.contacts;
          if (!Array.isArray(contacts) || contacts.length === 0) {
            return { status: 422, json: { message: "The contacts field is required.", errors: { contacts: ["The contacts field is required."] } } };
          }
          for (const item of contacts as Array<{ email?: string; first_name?: string; last_name?: string }>) {
            if (!item.email || !/^[^@\s]+@[^@\s]+$/.test(item.email)) {
              return { status: 422, json: { message: "The contacts.0.email must be a valid email address.", errors: { "contacts.0.email": ["The contacts.0.email must be a valid email address."] } } };
            }
            const known = state.contacts.get(item.email.toLowerCase());
            const contact = known ?? { id: nextId++, first_name: "", last_name: "", lists: new Set<number>(), tags: new Set<number>() };
            contact.first_name = item.first_name ?? contact.first_name;
            contact.last_name = item.last_name ?? contact.last_name;
            contact.lists.add(list.id);
            state.contacts.set(item.email.toLowerCase(), contact);
          }
          sync();
          return ACCEPTED;
        }),
      });
    }
    for (const contact of state.contacts.values()) {
      fake.on({
        [`POST /v2/contacts/${contact.id}/tags`]: guarded((r) => {
          const ids = (r.data as { tag_ids?: unknown } | undefined)?.tag_ids;
          if (!Array.isArray(ids) || ids.some((id) => typeof id !== "number" || !state.tags.some((tag) => tag.id === id))) {
            return { status: 422, json: { message: "The selected tag_ids is invalid.", errors: { tag_ids: ["The selected tag_ids is invalid."] } } };
          }
          for (const id of ids as number[]) contact.tags.add(id);
          return { json: { data: state.tags.filter((tag) => contact.tags.has(tag.id)) } };
        }),
      });
      for (const tag of state.tags) {
        fake.on({
          [`DELETE /v2/contacts/${contact.id}/tags/${tag.id}`]: guarded(() => {
            if (!contact.tags.delete(tag.id)) return { status: 404, json: { message: "Tag not found for this contact." } };
            return ACCEPTED;
          }),
        });
      }
    }
  };
  fake.on({
    "GET /v2/lists": guarded((r) => page(r, state.lists)),
    "GET /v2/tags": guarded((r) => page(r, state.tags)),
    "POST /v2/tags": guarded((r) => {
      const name = String((r.data as { name?: unknown } | undefined)?.name ?? "");
      if (!name) return { status: 422, json: { message: "The name field is required.", errors: { name: ["The name field is required."] } } };
      const tag = { id: nextId++, name };
      state.tags.push(tag);
      sync();
      return { json: { data: { ...tag, status: "active" } } };
    }),
    "GET /v2/contacts/search": guarded((r) => {
      const email = (r.query.get("email") ?? "").toLowerCase();
      const contact = state.contacts.get(email);
      if (!contact) return { status: 404, json: { message: "Contact not found." } };
      return {
        json: {
          data: {
            id: contact.id,
            email,
            first_name: contact.first_name,
            last_name: contact.last_name,
            subscribed: true,
            suppressed: false,
            lists: state.lists.filter((list) => contact.lists.has(list.id)),
            tags: state.tags.filter((tag) => contact.tags.has(tag.id)),
          },
        },
      };
    }),
  });
  sync();
  return Object.assign(fake, { state, sync });
}
