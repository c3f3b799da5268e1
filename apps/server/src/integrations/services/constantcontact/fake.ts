/**
 * A loopback Constant Contact, written from Constant Contact's public API v3 reference:
 * - https://developer.constantcontact.com/api_guide/v3_technical_overview.html (https://api.cc.email/v3,
 *   OAuth 2.0 Bearer tokens, JSON payloads, error bodies `[{ error_key, error_message }]`)
 * - https://developer.constantcontact.com/api_guide/contacts_create_or_update.html
 *   (`POST /contacts/sign_up_form`: creates (201) or updates (200) by email, `list_memberships` required)
 * - https://developer.constantcontact.com/api_guide/contacts/contacts-create (`POST /contacts`,
 *   `create_source`, 409 when the email exists)
 * - https://developer.constantcontact.com/api_guide/contacts_overview.html (`include=` subresources:
 *   `list_memberships`, `taggings`)
 * - https://developer.constantcontact.com/api_guide/add_tagging_activity.html
 *   (`POST /activities/contacts_taggings_add` `{ source: { contact_ids }, tag_ids }` → 201 activity)
 * - https://developer.constantcontact.com/api_guide/tags_create.html (`POST /contact_tags`
 *   `{ name, tag_source }` → 201 `{ tag_id, … }`, 409 on a duplicate name)
 * - Get all contact lists / tags (`GET /contact_lists`, `GET /contact_tags`, `limit`, `_links.next.href`),
 *   delete a contact (`DELETE /contacts/{contact_id}` → 204), account summary (`GET /account/summary`).
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export interface FakeCcContact {
  contact_id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  list_memberships: string[];
  taggings: string[];
}

export interface ConstantContactFake extends FakeService {
  token: string;
  lists: Array<{ list_id: string; name: string }>;
  tags: Array<{ tag_id: string; name: string }>;
  contacts: FakeCcContact[];
  seed(contact: Omit<FakeCcContact, "contact_id">): FakeCcContact;
  /** The largest page this fake answers (Constant Contact's own maximum when unset): lets tests page. */
  maxPage?: number;
  /** The next call to `"METHOD /path"` is carried out, but its answer is lost: a 502 arrives instead. */
  loseNextAnswer(route: string): void;
}

const fail = (status: number, error_key: string, error_message: string): FakeAnswer => ({ status, json: [{ error_key, error_message }] });

export async function startConstantContactFake(): Promise<ConstantContactFake> {
  const fake = (await startFakeService()) as ConstantContactFake;
  fake.token = "cc-token-0123456789";
  fake.lists = [
    { list_id: "07936f78-662a-11eb-af0a-fa163e56c9b0", name: "Webinar registrants" },
    { list_id: "0c4a7a44-662a-11eb-af0a-fa163e56c9b0", name: "Customers" },
  ];
  fake.tags = [{ tag_id: "00e4429c-3beb-11eb-9f34-fa163e56c9b9", name: "VIP" }];
  fake.contacts = [];
  const lost = new Set<string>();
  let next = 1;
  const uuid = () => `5b3a${String(next++).padStart(4, "0")}-1d2c-11ef-9a10-fa163e56c9b0`;
  fake.loseNextAnswer = (route) => lost.add(route);

  const authed = (answer: (request: ReceivedRequest, body: Record<string, unknown>) => FakeAnswer) => (request: ReceivedRequest) => {
    if (request.headers.authorization !== `Bearer ${fake.token}`) return fail(401, "unauthorized", "Unauthorized");
    if (request.method === "POST" && !request.headers["content-type"]?.includes("application/json")) {
      return fail(415, "unsupported_media_type", "Content-Type must be application/json");
    }
    const answered = answer(request, (request.data ?? {}) as Record<string, unknown>);
    return lost.delete(`${request.method} ${request.path}`) ? fail(502, "bad_gateway", "Bad Gateway") : answered;
  };
  const byEmail = (email: unknown) => fake.contacts.find((c) => typeof email === "string" && c.email.toLowerCase() === email.toLowerCase());
  const view = (c: FakeCcContact, include: string[]) => ({
    contact_id: c.contact_id,
    email_address: { address: c.email, permission_to_send: "implicit" },
    ...(c.first_name && { first_name: c.first_name }),
    ...(c.last_name && { last_name: c.last_name }),
    ...(include.includes("list_memberships") && { list_memberships: c.list_memberships }),
    ...(include.includes("taggings") && { taggings: c.taggings }),
  });
  const page = (key: string, rows: unknown[], request: ReceivedRequest): FakeAnswer => {
    const limit = Math.min(Number(request.query.get("limit") ?? 50), fake.maxPage ?? Number.POSITIVE_INFINITY);
    const start = Number(request.query.get("cursor") ?? 0);
    const more = start + limit < rows.length;
    return {
      json: {
        [key]: rows.slice(start, start + limit),
        ...(more && { _links: { next: { href: `${request.path}?cursor=${start + limit}&limit=${limit}` } } }),
      },
    };
  };
  const routesOf = (contact: FakeCcContact) =>
    fake.on({
      [`DELETE /v3/contacts/${contact.contact_id}`]: authed(() => {
        const index = fake.contacts.indexOf(contact);
        if (index < 0) return fail(404, "contacts.api.not.found", "Contact not found");
        fake.contacts.splice(index, 1);
        return { status: 204 };
      }),
    });
  fake.seed = (contact) => {
    const created = { ...contact, contact_id: uuid() };
    fake.contacts.push(created);
    routesOf(created);
    return created;
  };

  fake.on({
    // OAuth 2.0 token endpoint (https://authz.constantcontact.com/oauth2/default/v1/token): client credentials in Basic auth.
    "POST /oauth2/default/v1/token": (request) => {
      if (!request.headers.authorization?.startsWith("Basic ")) return { status: 401, json: { error: "invalid_client" } };
      return { json: { access_token: fake.token, refresh_token: "cc-refresh", token_type: "Bearer", expires_in: 86400, scope: "contact_data offline_access" } };
    },
    "GET /v3/account/summary": authed(() => ({ json: { encoded_account_id: "a07e1lxqsjb4", organization_name: "Acme Webinars", contact_email: "host@example.com" } })),
    "GET /v3/contact_lists": authed((request) => page("lists", fake.lists, request)),
    "GET /v3/contact_tags": authed((request) => page("tags", fake.tags, request)),
    "POST /v3/contact_tags": authed((_request, body) => {
      if (typeof body.name !== "string" || body.name.length < 1 || body.name.length > 255 || /[<>]/.test(body.name)) {
        return fail(400, "contacts.api.validation.error", "name is invalid");
      }
      if (fake.tags.some((tag) => tag.name === body.name)) return fail(409, "contacts.api.conflict", `A tag named ${body.name} already exists`);
      const tag = { tag_id: uuid(), name: body.name };
      fake.tags.push(tag);
      return { status: 201, json: { ...tag, tag_source: body.tag_source, created_at: "2024-03-04T14:00:00Z", updated_at: "2024-03-04T14:00:00Z" } };
    }),
    "GET /v3/contacts": authed((request) => {
      const include = (request.query.get("include") ?? "").split(",");
      const email = request.query.get("email");
      const rows = email ? fake.contacts.filter((c) => c.email.toLowerCase() === email.toLowerCase()) : fake.contacts;
      return { json: { contacts: rows.map((c) => view(c, include)), contacts_count: rows.length } };
    }),
    "POST /v3/contacts": authed((_request, body) => {
      const address = (body.email_address as { address?: unknown } | undefined)?.address;
      if (typeof address !== "string" || !address.includes("@")) return fail(400, "contacts.api.validation.error", "email_address.address is invalid");
      if (typeof body.create_source !== "string") return fail(400, "contacts.api.validation.error", "create_source is required");
      if (byEmail(address)) return fail(409, "contacts.api.conflict", "Email already exists");
      const taggings = Array.isArray(body.taggings) ? body.taggings.map(String) : [];
      const created = fake.seed({
        email: address,
        first_name: body.first_name as string | undefined,
        last_name: body.last_name as string | undefined,
        list_memberships: [],
        taggings,
      });
      return { status: 201, json: view(created, ["taggings", "list_memberships"]) };
    }),
    "POST /v3/contacts/sign_up_form": authed((_request, body) => {
      const lists = Array.isArray(body.list_memberships) ? body.list_memberships.map(String) : [];
      if (typeof body.email_address !== "string" || !body.email_address.includes("@")) return fail(400, "contacts.api.validation.error", "email_address is invalid");
      if (lists.length === 0 || lists.length > 50) return fail(400, "contacts.api.validation.error", "list_memberships must have 1 to 50 items");
      if (lists.some((id) => !fake.lists.some((l) => l.list_id === id))) return fail(400, "contacts.api.validation.error", "list_memberships contains an unknown list");
      const found = byEmail(body.email_address);
      const contact = found ?? fake.seed({ email: body.email_address, list_memberships: [], taggings: [] });
      if (typeof body.first_name === "string") contact.first_name = body.first_name;
      if (typeof body.last_name === "string") contact.last_name = body.last_name;
      for (const id of lists) if (!contact.list_memberships.includes(id)) contact.list_memberships.push(id);
      return { status: found ? 200 : 201, json: { contact_id: contact.contact_id, action: found ? "updated" : "created" } };
    }),
    "POST /v3/activities/contacts_taggings_add": authed((_request, body) => {
      const source = (body.source ?? {}) as { contact_ids?: unknown };
      const tagIds = Array.isArray(body.tag_ids) ? body.tag_ids.map(String) : [];
      if (Object.keys(source).length !== 1 || !Array.isArray(source.contact_ids) || tagIds.length === 0) {
        return fail(400, "activities.api.validation.error", "source must name exactly one kind of contacts, and tag_ids at least one tag");
      }
      if (tagIds.some((id) => !fake.tags.some((t) => t.tag_id === id))) return fail(404, "activities.api.not.found", "Tag not found");
      for (const id of source.contact_ids.map(String)) {
        const contact = fake.contacts.find((c) => c.contact_id === id);
        for (const tag of tagIds) if (contact && !contact.taggings.includes(tag)) contact.taggings.push(tag);
      }
      return { status: 201, json: { activity_id: uuid(), state: "initialized", created_at: "2024-03-04T14:00:00Z", percent_done: 0, activity_errors: [] } };
    }),
  });
  return fake;
}
