/*
 * A loopback Kit (ConvertKit) API v4, written from Kit's public API reference:
 * - https://developers.kit.com/api-reference/authentication (API keys: the `X-Kit-Api-Key` header)
 * - https://developers.kit.com/api-reference/tags/create-a-tag (POST /v4/tags: 200 with the existing tag, 201 new)
 * - https://developers.kit.com/api-reference/tags/tag-a-subscriber-by-email-address (POST /v4/tags/{tag_id}/subscribers;
 *   the subscriber must exist; 200 when already tagged, 201 when tagged now)
 * - https://developers.kit.com/api-reference/tags/remove-tag-from-subscriber-by-email-address (DELETE
 *   /v4/tags/{tag_id}/subscribers: 204; 404 when the id does not exist)
 * - https://developers.kit.com/api-reference/sequences/add-subscriber-to-sequence-by-email-address (POST
 *   /v4/sequences/{sequence_id}/subscribers; 200 when already added, 201 when added now)
 * - https://developers.kit.com/api-reference/subscribers/create-a-subscriber (POST /v4/subscribers: an upsert;
 *   200 when the email exists, 201 when created)
 * - https://developers.kit.com/api-reference/subscribers/list-tags-for-a-subscriber (cursor pagination:
 *   `pagination.has_next_page`, `end_cursor`, `?after=`, `per_page` up to 1000)
 * - https://developers.kit.com/api-reference/accounts/get-current-account (GET /v4/account)
 * Errors are `{ "errors": ["…"] }`: 401 "The access token is invalid", 404 "Not Found", 422 for a bad body.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const KIT_KEY = "kit_v4_key_0123456789abcdef";

export interface KitState {
  tags: Array<{ id: number; name: string }>;
  sequences: Array<{ id: number; name: string }>;
  /** Subscriber id by email address. */
  subscribers: Map<string, number>;
  /** Email addresses by tag id and by sequence id. */
  tagged: Map<number, Set<string>>;
  sequenced: Map<number, Set<string>>;
}

const errors = (status: number, ...words: string[]): FakeAnswer => ({ status, json: { errors: words } });

/** Runs `answer` only for a request with the account's key and a JSON body where one is sent. */
function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.headers["x-kit-api-key"] !== KIT_KEY) return errors(401, "The access token is invalid");
    if (request.body && !String(request.headers["content-type"]).includes("application/json")) {
      return errors(415, "Content-Type must be application/json");
    }
    return answer(request);
  };
}

const email = (request: ReceivedRequest) => String((request.data as { email_address?: unknown } | undefined)?.email_address ?? "");

/** A page of `rows` as Kit answers a list: `?per_page`, `?after` (the last row's id, as an opaque cursor). */
function page<T extends { id: number }>(request: ReceivedRequest, key: string, rows: T[]): FakeAnswer {
  const perPage = Math.min(Number(request.query.get("per_page") ?? 500), 1000);
  const after = request.query.get("after");
  const start = after ? rows.findIndex((row) => `c${row.id}` === after) + 1 : 0;
  const slice = rows.slice(start, start + perPage);
  const last = slice.at(-1);
  return {
    json: {
      [key]: slice.map((row) => ({ ...row, created_at: "2023-02-17T11:43:55Z" })),
      pagination: {
        has_previous_page: start > 0,
        has_next_page: start + perPage < rows.length,
        start_cursor: slice[0] ? `c${slice[0].id}` : null,
        end_cursor: last ? `c${last.id}` : null,
        per_page: perPage,
      },
    },
  };
}

function member(state: KitState, request: ReceivedRequest, into: Map<number, Set<string>>, id: number, at: "tagged_at" | "added_at"): FakeAnswer {
  const address = email(request);
  const subscriber = state.subscribers.get(address);
  if (subscriber === undefined) return errors(404, "Not Found");
  const set = into.get(id) ?? new Set<string>();
  const already = set.has(address);
  set.add(address);
  into.set(id, set);
  return {
    status: already ? 200 : 201,
    json: { subscriber: { id: subscriber, first_name: null, email_address: address, state: "active", created_at: "2023-02-17T11:43:55Z", [at]: "2023-02-17T11:43:55Z", fields: {} } },
  };
}

function createTag(state: KitState, request: ReceivedRequest, nextId: () => number): FakeAnswer {
  const name = String((request.data as { name?: unknown } | undefined)?.name ?? "");
  if (!name) return errors(422, "Name can't be blank");
  const existing = state.tags.find((tag) => tag.name === name);
  if (existing) return { status: 200, json: { tag: { ...existing, created_at: "2023-02-17T11:43:55Z" } } };
  const tag = { id: nextId(), name };
  state.tags.push(tag);
  return { status: 201, json: { tag: { ...tag, created_at: "2023-02-17T11:43:55Z" } } };
}

function upsertSubscriber(state: KitState, request: ReceivedRequest, nextId: () => number): FakeAnswer {
  const address = email(request);
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) return errors(422, "Email address is invalid");
  const known = state.subscribers.get(address);
  const id = known ?? nextId();
  state.subscribers.set(address, id);
  const firstName = (request.data as { first_name?: string }).first_name ?? null;
  return {
    status: known === undefined ? 201 : 200,
    json: { subscriber: { id, first_name: firstName, email_address: address, state: "active", created_at: "2023-02-17T11:43:55Z", fields: {} } },
  };
}

/**
 * Starts the fake with two tags and one sequence; `state` is there for tests to read and change
 * (call `sync()` after adding tags or sequences by hand: the fake's routes are exact paths, so
 * every tag and sequence id gets its own).
 */
export async function startKitFake(): Promise<FakeService & { state: KitState; sync(): void }> {
  const state: KitState = {
    tags: [
      { id: 7, name: "vip" },
      { id: 8, name: "Replay Watcher" },
    ],
    sequences: [{ id: 31, name: "Webinar follow-up" }],
    subscribers: new Map(),
    tagged: new Map(),
    sequenced: new Map(),
  };
  let id = 100;
  const nextId = () => id++;
  const fake = await startFakeService();
  const sync = () => {
    for (const tag of state.tags) {
      fake.on({
        [`POST /v4/tags/${tag.id}/subscribers`]: guarded((r) => member(state, r, state.tagged, tag.id, "tagged_at")),
        [`DELETE /v4/tags/${tag.id}/subscribers`]: guarded((r) => {
          const address = email(r);
          if (!state.subscribers.has(address)) return errors(404, "Not Found");
          state.tagged.get(tag.id)?.delete(address);
          return { status: 204 };
        }),
      });
    }
    for (const sequence of state.sequences) {
      fake.on({ [`POST /v4/sequences/${sequence.id}/subscribers`]: guarded((r) => member(state, r, state.sequenced, sequence.id, "added_at")) });
    }
  };
  fake.on({
    "GET /v4/account": guarded(() => ({
      json: {
        user: { id: 1, email: "host@example.com" },
        account: { id: 5, name: "Acme Webinars", plan_type: "creator", primary_email_address: "host@example.com", created_at: "2023-02-17T11:43:55Z", timezone: { name: "America/New_York" } },
      },
    })),
    "GET /v4/tags": guarded((r) => page(r, "tags", state.tags)),
    "GET /v4/sequences": guarded((r) => page(r, "sequences", state.sequences)),
    "POST /v4/tags": guarded((r) => {
      const answer = createTag(state, r, nextId);
      sync();
      return answer;
    }),
    "POST /v4/subscribers": guarded((r) => upsertSubscriber(state, r, nextId)),
  });
  sync();
  return Object.assign(fake, { state, sync });
}
