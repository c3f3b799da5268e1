/*
 * A loopback Klaviyo REST API, written from Klaviyo's public API reference and its OpenAPI
 * documents (https://github.com/klaviyo/openapi):
 * - https://developers.klaviyo.com/en/reference/api_overview (private key as `Authorization: Klaviyo-API-Key …`,
 *   the required `revision` header, JSON:API bodies `application/vnd.api+json`, cursor pagination through
 *   `links.next`, errors `{"errors": [{id, status, code, title, detail, source}]}`)
 * - https://developers.klaviyo.com/en/reference/get_accounts (GET /api/accounts: the key's one account)
 * - https://developers.klaviyo.com/en/reference/get_lists (GET /api/lists, `page[size]` at most 10)
 * - https://developers.klaviyo.com/en/reference/create_or_update_profile (POST /api/profile-import: an upsert
 *   by email; 201 created, 200 updated)
 * - https://developers.klaviyo.com/en/reference/add_profiles_to_list (POST /api/lists/{id}/relationships/profiles
 *   `{data: [{type: "profile", id}]}`: 204, no body)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const KLAVIYO_KEY = "pk_0123456789abcdef0123456789abcdef01";
const PAGE = 10;

export interface KlaviyoState {
  lists: Array<{ id: string; name: string }>;
  /** Profile id by email, with its names. */
  profiles: Map<string, { id: string; first_name: string; last_name: string }>;
  /** Profile ids by list id. */
  members: Map<string, Set<string>>;
}

const error = (status: number, code: string, title: string, detail: string): FakeAnswer => ({
  status,
  headers: { "content-type": "application/vnd.api+json" },
  json: { errors: [{ id: "e5d6f1a0-0000-4000-8000-000000000000", status, code, title, detail, source: { pointer: "/data/" } }] },
});

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.headers.authorization !== `Klaviyo-API-Key ${KLAVIYO_KEY}`) {
      return error(401, "not_authenticated", "Authentication credentials were not provided.", "Incorrect authentication credentials.");
    }
    if (!/^\d{4}-\d{2}-\d{2}/.test(String(request.headers.revision ?? ""))) {
      return error(400, "invalid", "Invalid input.", "A valid revision header is required.");
    }
    if (request.body && request.headers["content-type"] !== "application/vnd.api+json") {
      return error(415, "unsupported_media_type", "Unsupported media type.", "Content-Type must be application/vnd.api+json.");
    }
    const answered = answer(request);
    return { ...answered, headers: { "content-type": "application/vnd.api+json", ...answered.headers } };
  };
}

const json = (request: ReceivedRequest) => (request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {});

/** Starts the fake with 12 lists (two pages); `state` for tests to read. */
export async function startKlaviyoFake(): Promise<FakeService & { state: KlaviyoState }> {
  const state: KlaviyoState = {
    lists: Array.from({ length: 12 }, (_, n) => ({ id: `Y6nRLr${n}`, name: n === 0 ? "Webinar registrants" : `List ${n}` })),
    profiles: new Map(),
    members: new Map(),
  };
  let next = 1;
  const fake = await startFakeService();
  const listRoutes = () => {
    for (const list of state.lists) {
      fake.on({
        [`POST /api/lists/${list.id}/relationships/profiles`]: guarded((r) => {
          const data = json(r).data;
          if (!Array.isArray(data) || data.some((item) => (item as { type?: unknown }).type !== "profile")) {
            return error(400, "invalid", "Invalid input.", "'data' must be a list of profile identifiers.");
          }
          const ids = data.map((item) => String((item as { id?: unknown }).id));
          const known = new Set([...state.profiles.values()].map((profile) => profile.id));
          const unknown = ids.find((id) => !known.has(id));
          if (unknown) return error(404, "not_found", "Not found.", `A profile with id ${unknown} does not exist.`);
          const members = state.members.get(list.id) ?? new Set<string>();
          for (const id of ids) members.add(id);
          state.members.set(list.id, members);
          return { status: 204 };
        }),
      });
    }
  };
  fake.on({
    "GET /api/accounts": guarded(() => ({
      json: {
        data: [{ type: "account", id: "AbC123", attributes: { contact_information: { organization_name: "Acme Webinars", default_sender_email: "host@example.com" }, public_api_key: "AbC123", timezone: "America/New_York" }, links: { self: "https://a.klaviyo.com/api/accounts/AbC123/" } }],
        links: { self: "https://a.klaviyo.com/api/accounts/", next: null, prev: null },
      },
    })),
    "GET /api/lists": guarded((r) => {
      const size = Math.min(Number(r.query.get("page[size]") ?? PAGE), PAGE);
      const start = Number(r.query.get("page[cursor]") ?? 0);
      const rows = state.lists.slice(start, start + size);
      const more = start + size < state.lists.length;
      return {
        json: {
          data: rows.map((list) => ({ type: "list", id: list.id, attributes: { name: list.name }, links: { self: `https://a.klaviyo.com/api/lists/${list.id}/` } })),
          links: { self: "https://a.klaviyo.com/api/lists", next: more ? `https://a.klaviyo.com/api/lists?page%5Bcursor%5D=${start + size}` : null, prev: null },
        },
      };
    }),
    "POST /api/profile-import": guarded((r) => {
      const data = json(r).data as { type?: unknown; attributes?: { email?: unknown; first_name?: unknown; last_name?: unknown } } | undefined;
      const email = typeof data?.attributes?.email === "string" ? data.attributes.email : "";
      if (data?.type !== "profile" || !/^[^@\s]+@[^@\s]+$/.test(email)) {
        return error(400, "invalid", "Invalid input.", "Invalid email address");
      }
      const known = state.profiles.get(email.toLowerCase());
      const profile = known ?? { id: `01HPROFILE${String(next++).padStart(4, "0")}`, first_name: "", last_name: "" };
      profile.first_name = String(data.attributes?.first_name ?? profile.first_name);
      profile.last_name = String(data.attributes?.last_name ?? profile.last_name);
      state.profiles.set(email.toLowerCase(), profile);
      return {
        status: known ? 200 : 201,
        json: { data: { type: "profile", id: profile.id, attributes: { email, first_name: profile.first_name, last_name: profile.last_name }, links: { self: `https://a.klaviyo.com/api/profiles/${profile.id}/` } } },
      };
    }),
  });
  listRoutes();
  return Object.assign(fake, { state });
}
