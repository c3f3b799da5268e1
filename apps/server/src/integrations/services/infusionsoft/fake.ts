/*
 * A loopback Keap (Infusionsoft) REST API v2, written from Keap's published OpenAPI document (the one its SDKs
 * are generated from) and its OAuth guide:
 * - https://github.com/infusionsoft/keap-sdk/blob/main/sdks/v2/swagger.yml — paths used here:
 *   GET /crm/rest/v2/businessProfile; GET /crm/rest/v2/tags (page_size ≤ 1000, page_token, next_page_token);
 *   GET /crm/rest/v2/campaigns, /campaigns/{id}/sequences, /campaigns/{id}/goals (Goal.type "API" for API goals);
 *   GET /crm/rest/v2/contacts?filter=email==…; POST /crm/rest/v2/contacts?duplicate_option=Email (201 new, 200 matched);
 *   POST /crm/rest/v2/tags/{tag_id}/contacts:applyTags and :removeTags ({ contact_ids }; 200 { results }, 204);
 *   POST /crm/rest/v2/campaigns/{campaign_id}/sequences/{sequence_id}:addContacts (200 { add_to_sequence_results:
 *   SUCCESS | ALREADY_IN_SEQUENCE | CONTACT_DOES_NOT_EXIST | FAILED });
 *   POST /crm/rest/v2/automations/goals/achieve ({ automation_id, goal_id, contact_id }; 200 { results });
 *   DELETE /crm/rest/v2/contacts/{contact_id} (204); errors as `Error { code, message, status }`
 * - https://developer.infusionsoft.com/getting-started-oauth-keys/ (authorization code at
 *   accounts.infusionsoft.com/app/oauth/authorize, tokens from POST https://api.infusionsoft.com/token, Bearer tokens)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const KEAP_TOKEN = "keap-access-0123456789";
const API = "/crm/rest/v2";

export interface KeapContact {
  id: string;
  email: string;
  given_name?: string;
  family_name?: string;
  tag_ids: Set<string>;
}

export interface KeapState {
  tags: Array<{ id: string; name: string }>;
  campaigns: Array<{ id: string; name: string; sequences: Array<{ id: string; name: string }>; goals: Array<{ id: string; name: string; type: string }> }>;
  contacts: KeapContact[];
  /** Contact ids by "campaign:sequence". */
  sequenced: Map<string, Set<string>>;
  /** "campaign:goal:contact" of every goal achieved, in order. */
  achieved: string[];
}

export interface KeapFake extends FakeService {
  state: KeapState;
  /** Makes the next call to `route` ("METHOD /path") answer `status` first, changing nothing. */
  failNext(route: string, status: number, message: string): void;
}

const error = (status: number, message: string, code = "INVALID_ARGUMENT"): FakeAnswer => ({ status, json: { code: status, message, status: code } });

/** Starts the fake with two tags, one campaign holding a sequence and an API goal, and no contacts. */
export async function startKeapFake(): Promise<KeapFake> {
  const state: KeapState = {
    tags: [
      { id: "93", name: "Webinar registrant" },
      { id: "94", name: "Attended" },
    ],
    campaigns: [
      {
        id: "31",
        name: "Webinar follow-up",
        sequences: [{ id: "7", name: "Replay series" }],
        goals: [
          { id: "12", name: "Registered (API)", type: "API" },
          { id: "13", name: "Web form", type: "WebForm" },
        ],
      },
    ],
    contacts: [],
    sequenced: new Map(),
    achieved: [],
  };
  const failures = new Map<string, FakeAnswer[]>();
  const fake = await startFakeService();

  const contactOf = (id: string) => state.contacts.find((contact) => contact.id === id);
  const json = (request: ReceivedRequest) => request.data as Record<string, unknown> | undefined;
  const contactIds = (request: ReceivedRequest): string[] | undefined => {
    const ids = json(request)?.contact_ids;
    return Array.isArray(ids) && ids.every((id) => typeof id === "string") ? ids : undefined;
  };
  /** Bearer token, JSON body where one is sent, and a queued failure first. */
  const route = (key: string, answer: (request: ReceivedRequest, params: string[]) => FakeAnswer, pattern?: RegExp) => {
    const handler = (request: ReceivedRequest): FakeAnswer | undefined => {
      if (request.headers.authorization !== `Bearer ${KEAP_TOKEN}`) return error(401, "Invalid Access Token", "UNAUTHENTICATED");
      if (request.body && !String(request.headers["content-type"]).includes("application/json")) return error(415, "Unsupported Media Type");
      const queued = failures.get(key)?.shift();
      if (queued) return queued;
      return answer(request, pattern ? (pattern.exec(request.path)?.slice(1) ?? []) : []);
    };
    return handler;
  };
  const page = <T>(request: ReceivedRequest, key: string, rows: T[]): FakeAnswer => {
    const size = Number(request.query.get("page_size") ?? 50);
    if (!(size >= 0 && size <= 1000)) return error(400, "page_size must be at most 1000");
    const start = Number(request.query.get("page_token") || 0);
    const next = start + size < rows.length ? String(start + size) : "";
    return { json: { [key]: rows.slice(start, start + size), next_page_token: next } };
  };

  const routes: Record<string, (request: ReceivedRequest) => FakeAnswer | undefined> = {
    "POST /token": (request) => {
      const form = request.data as Record<string, string> | undefined;
      if (!String(request.headers["content-type"]).includes("x-www-form-urlencoded")) return { status: 400, json: { error: "invalid_request" } };
      if (form?.client_id !== "infusionsoft-client" || form.client_secret !== "infusionsoft-secret") {
        return { status: 401, json: { error: "invalid_client", error_description: "Invalid client credentials" } };
      }
      if (form.grant_type === "authorization_code" && form.code === "keap-code") {
        return { json: { access_token: KEAP_TOKEN, token_type: "bearer", expires_in: 86399, refresh_token: "keap-refresh", scope: "full|ab123.infusionsoft.com" } };
      }
      return { status: 400, json: { error: "invalid_grant", error_description: "Invalid authorization code" } };
    },
    [`GET ${API}/businessProfile`]: route("GET businessProfile", () => ({ json: { name: "Acme Webinars", email: "owner@acme.example", time_zone: "America/New_York" } })),
    [`GET ${API}/tags`]: route("GET tags", (request) => page(request, "tags", state.tags)),
    [`GET ${API}/campaigns`]: route("GET campaigns", (request) => page(request, "campaigns", state.campaigns.map(({ id, name }) => ({ id, name, published_status: true })))),
    [`GET ${API}/contacts`]: route("GET contacts", (request) => {
      const filter = /^email==(.+)$/.exec(request.query.get("filter") ?? "");
      const rows = filter ? state.contacts.filter((contact) => contact.email.toLowerCase() === filter[1]!.toLowerCase()) : state.contacts;
      return page(request, "contacts", rows.map((contact) => ({ id: contact.id, email_addresses: [{ email: contact.email, field: "EMAIL1" }] })));
    }),
    [`POST ${API}/contacts`]: route("POST contacts", (request) => {
      const body = json(request) as { email_addresses?: Array<{ email?: string; field?: string }>; given_name?: string; family_name?: string } | undefined;
      const email = body?.email_addresses?.find((entry) => entry.field === "EMAIL1")?.email;
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return error(400, "Input could not be converted to a valid request: email_addresses");
      const duplicate = request.query.get("duplicate_option") === "Email" && state.contacts.find((contact) => contact.email === email);
      if (duplicate) return { json: { id: duplicate.id } };
      const contact: KeapContact = { id: String(1001 + state.contacts.length), email, given_name: body?.given_name, family_name: body?.family_name, tag_ids: new Set() };
      state.contacts.push(contact);
      return { status: 201, json: { id: contact.id, email_addresses: [{ email, field: "EMAIL1" }], given_name: contact.given_name, family_name: contact.family_name } };
    }),
  };
  for (const tag of ["93", "94", "404"]) {
    routes[`POST ${API}/tags/${tag}/contacts:applyTags`] = route("POST applyTags", (request) => {
      if (!state.tags.some((known) => known.id === tag)) return error(404, `Tag ${tag} not found`, "NOT_FOUND");
      const ids = contactIds(request);
      if (!ids) return error(400, "contact_ids is required");
      const results: Record<string, string> = {};
      for (const id of ids) {
        const contact = contactOf(id);
        contact?.tag_ids.add(tag);
        results[id] = contact ? "SUCCESS" : "CONTACT_NOT_FOUND";
      }
      return { json: { results } };
    });
    routes[`POST ${API}/tags/${tag}/contacts:removeTags`] = route("POST removeTags", (request) => {
      if (!state.tags.some((known) => known.id === tag)) return error(404, `Tag ${tag} not found`, "NOT_FOUND");
      const ids = contactIds(request);
      if (!ids) return error(400, "contact_ids is required");
      for (const id of ids) contactOf(id)?.tag_ids.delete(tag);
      return { status: 204 };
    });
  }
  for (const campaign of state.campaigns) {
    routes[`GET ${API}/campaigns/${campaign.id}/sequences`] = route("GET sequences", (request) => page(request, "sequences", campaign.sequences));
    routes[`GET ${API}/campaigns/${campaign.id}/goals`] = route("GET goals", (request) => page(request, "goals", campaign.goals));
    for (const sequence of [...campaign.sequences, { id: "99" }]) {
      routes[`POST ${API}/campaigns/${campaign.id}/sequences/${sequence.id}:addContacts`] = route("POST addContacts", (request) => {
        if (!campaign.sequences.some((known) => known.id === sequence.id)) return error(404, `Sequence ${sequence.id} not found`, "NOT_FOUND");
        const ids = contactIds(request);
        if (!ids) return error(400, "contact_ids is required");
        const key = `${campaign.id}:${sequence.id}`;
        const members = state.sequenced.get(key) ?? new Set<string>();
        state.sequenced.set(key, members);
        const results: Record<string, string> = {};
        for (const id of ids) {
          results[id] = !contactOf(id) ? "CONTACT_DOES_NOT_EXIST" : members.has(id) ? "ALREADY_IN_SEQUENCE" : "SUCCESS";
          if (contactOf(id)) members.add(id);
        }
        return { json: { add_to_sequence_results: results } };
      });
    }
  }
  routes[`POST ${API}/automations/goals/achieve`] = route("POST achieve", (request) => {
    const body = json(request) as { automation_id?: unknown; goal_id?: unknown; contact_id?: unknown; integration?: unknown } | undefined;
    if (typeof body?.contact_id !== "number") return error(400, "contact_id is required");
    if (typeof body.automation_id !== "number" || typeof body.goal_id !== "number") {
      return error(400, "You must provide either integration and call_name, or automation_id and goal_id");
    }
    const campaign = state.campaigns.find((known) => known.id === String(body.automation_id));
    const goal = campaign?.goals.find((known) => known.id === String(body.goal_id) && known.type === "API");
    if (!goal) return error(404, `Goal ${String(body.goal_id)} not found in automation ${String(body.automation_id)}`, "NOT_FOUND");
    if (!contactOf(String(body.contact_id))) return error(404, `Contact ${String(body.contact_id)} not found`, "NOT_FOUND");
    state.achieved.push(`${campaign!.id}:${goal.id}:${String(body.contact_id)}`);
    return { json: { results: [{ success: true, message: "Goal achieved successfully", automation_id: body.automation_id, goal_id: body.goal_id }] } };
  });
  fake.on(routes);
  const deleteContact = (request: ReceivedRequest) => {
    const id = request.path.split("/").at(-1) ?? "";
    const index = state.contacts.findIndex((contact) => contact.id === id);
    if (index < 0) return error(404, `Contact ${id} not found`, "NOT_FOUND");
    state.contacts.splice(index, 1);
    return { status: 204 };
  };
  for (let n = 1001; n < 1011; n++) fake.on({ [`DELETE ${API}/contacts/${n}`]: route("DELETE contact", deleteContact) });
  return Object.assign(fake, {
    state,
    failNext: (key: string, status: number, message: string) => {
      const queue = failures.get(key) ?? [];
      queue.push(error(status, message, status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION"));
      failures.set(key, queue);
    },
  });
}
