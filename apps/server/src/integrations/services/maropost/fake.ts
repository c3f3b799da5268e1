/*
 * A loopback Maropost REST API, written from Maropost's public API reference
 * (https://api.maropost.com/api — Contacts, Lists and Tags) and its official SDKs' calls
 * (https://github.com/maropost/maropost-sdk-php, ported to Node at
 * https://github.com/superbalife/maropost-sdk-nodejs, src/Contacts.cjs and src/Abstractions/Api.cjs):
 * - every call `https://api.maropost.com/accounts/{account_id}/{resource}.json?auth_token=…`, JSON bodies
 * - GET /lists.json, GET /tags.json `?page=` → an array, each row carrying `total_pages`
 * - GET /contacts/email.json?contact[email]= → the contact, 404 when there is none
 * - POST /contacts.json `{contact: {email, first_name, last_name, add_tags, remove_tags}}` → 201 the contact;
 *   PUT /contacts/{id}.json with the same body → 200 (tags by name: `add_tags`, `remove_tags`)
 * - POST /lists/{list_id}/contacts.json `{contact: {email, first_name, last_name, subscribe}}` → creates the contact
 *   in the list, or updates the one of that email (201 / 200)
 * Errors as its Rails API answers them: 401 `{"error": "…"}` for a bad token or account, 404 `{"error": "…"}`,
 * 422 `{"email": ["…"]}`.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const MARO_ACCOUNT = "1234";
export const MARO_TOKEN = "mp_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const PER_PAGE = 200;

export interface MaroContact {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  tags: Set<string>;
  lists: Set<number>;
}

export interface MaroState {
  lists: Array<{ id: number; name: string }>;
  tags: Array<{ id: number; name: string }>;
  contacts: Map<string, MaroContact>;
}

const base = `/accounts/${MARO_ACCOUNT}`;

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.query.get("auth_token") !== MARO_TOKEN) return { status: 401, json: { error: "Invalid auth_token or account" } };
    if (request.body && request.headers["content-type"] !== "application/json") return { status: 415, json: { error: "Send JSON" } };
    return answer(request);
  };
}

function paged(request: ReceivedRequest, rows: Array<{ id: number; name: string }>): FakeAnswer {
  const page = Number(request.query.get("page") ?? 1);
  const totalPages = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  return { json: rows.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((row) => ({ ...row, account_id: Number(MARO_ACCOUNT), total_pages: totalPages })) };
}

const view = (contact: MaroContact) => ({
  id: contact.id,
  account_id: Number(MARO_ACCOUNT),
  email: contact.email,
  first_name: contact.first_name,
  last_name: contact.last_name,
  tags: [...contact.tags].map((name) => ({ name })),
  list_subscriptions: [...contact.lists].map((list_id) => ({ list_id, status: "Subscribed" })),
});

type Body = { contact?: { email?: string; first_name?: string; last_name?: string; add_tags?: unknown; remove_tags?: unknown; subscribe?: unknown } };

/** Starts the fake with two lists and 250 tags (two pages); `state` for tests. */
export async function startMaropostFake(): Promise<FakeService & { state: MaroState }> {
  const state: MaroState = {
    lists: [
      { id: 71, name: "Webinar registrants" },
      { id: 72, name: "Customers" },
    ],
    tags: Array.from({ length: 250 }, (_, n) => ({ id: 300 + n, name: n === 0 ? "vip" : `tag-${n}` })),
    contacts: new Map(),
  };
  let nextId = 5000;
  const fake = await startFakeService();
  const apply = (contact: MaroContact, body: Body["contact"]) => {
    if (body?.first_name !== undefined) contact.first_name = body.first_name;
    if (body?.last_name !== undefined) contact.last_name = body.last_name;
    for (const tag of Array.isArray(body?.add_tags) ? body.add_tags : []) {
      contact.tags.add(String(tag));
      if (!state.tags.some((known) => known.name === String(tag))) state.tags.push({ id: nextId++, name: String(tag) });
    }
    for (const tag of Array.isArray(body?.remove_tags) ? body.remove_tags : []) contact.tags.delete(String(tag));
  };
  const upsert = (request: ReceivedRequest, list?: number): FakeAnswer => {
    const body = (request.data as Body | undefined)?.contact;
    const email = body?.email ?? "";
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return { status: 422, json: { email: ["is invalid"] } };
    const known = state.contacts.get(email.toLowerCase());
    const contact = known ?? { id: nextId++, email, first_name: "", last_name: "", tags: new Set<string>(), lists: new Set<number>() };
    apply(contact, body);
    if (list !== undefined && body?.subscribe !== false) contact.lists.add(list);
    state.contacts.set(email.toLowerCase(), contact);
    sync();
    return { status: known ? 200 : 201, json: view(contact) };
  };
  const sync = () => {
    for (const contact of state.contacts.values()) {
      fake.on({
        [`PUT ${base}/contacts/${contact.id}.json`]: guarded((r) => {
          const body = (r.data as Body | undefined)?.contact;
          if (!body) return { status: 422, json: { contact: ["is required"] } };
          apply(contact, body);
          return { json: view(contact) };
        }),
      });
    }
    for (const list of state.lists) fake.on({ [`POST ${base}/lists/${list.id}/contacts.json`]: guarded((r) => upsert(r, list.id)) });
  };
  fake.on({
    [`GET ${base}/lists.json`]: guarded((r) => paged(r, state.lists)),
    [`GET ${base}/tags.json`]: guarded((r) => paged(r, state.tags)),
    [`GET ${base}/contacts/email.json`]: guarded((r) => {
      const contact = state.contacts.get((r.query.get("contact[email]") ?? "").toLowerCase());
      return contact ? { json: view(contact) } : { status: 404, json: { error: "Contact not found" } };
    }),
    [`POST ${base}/contacts.json`]: guarded((r) => upsert(r)),
  });
  sync();
  return Object.assign(fake, { state });
}
