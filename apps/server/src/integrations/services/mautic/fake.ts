/*
 * A loopback Mautic instance's REST API, written from Mautic's developer documentation (its source repository,
 * github.com/mautic/developer-documentation, published at https://developer.mautic.org/#rest-api):
 * - https://developer.mautic.org/#basic-authentication (`Authorization: Basic base64(user:password)`)
 * - https://developer.mautic.org/#error-handling (system errors `{ "error": { "message", "code" } }`)
 * - https://developer.mautic.org/#get-self-user (GET /api/users/self)
 * - https://developer.mautic.org/#list-contacts (GET /api/contacts?search=&start=&limit=&minimal=: `{ total, contacts:
 *   { "<id>": {…} } }`), #create-contact (POST /api/contacts/new, 201 `{ contact }`, merged on the email, the unique
 *   identifier), #edit-contact (PATCH /api/contacts/ID/edit; "tags: ['one', '-two'] adds one and removes two"),
 *   #delete-contact (DELETE /api/contacts/ID/delete, 200 `{ contact }`)
 * - https://developer.mautic.org/#list-tags (GET /api/tags: `{ total, tags: [{ id, tag }] }`)
 * - https://developer.mautic.org/#list-contact-segments (GET /api/segments: `{ total, lists: [{ id, name, alias }] }`),
 *   #add-contact-to-a-segment (POST /api/segments/SEGMENT_ID/contact/CONTACT_ID/add: `{ success: true }`)
 * - https://developer.mautic.org/#list-campaigns (GET /api/campaigns: `{ total, campaigns: { "<id>": {…} } }`),
 *   #add-contact-to-a-campaign (POST /api/campaigns/CAMPAIGN_ID/contact/CONTACT_ID/add: `{ success: true }`)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const MAUTIC_USER = "cuepoint-api";
export const MAUTIC_PASS = "mautic-pass-0001";

export interface MauticContact {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  tags: Set<string>;
  segments: Set<number>;
  campaigns: Set<number>;
}

export interface MauticFake extends FakeService {
  contacts: MauticContact[];
  tags: Array<{ id: number; tag: string }>;
  /** Makes the next call to `route` ("METHOD /path") answer `status` first, changing nothing. */
  failNext(route: string, status: number, message: string): void;
}

const error = (code: number, message: string): FakeAnswer => ({ status: code, json: { error: { message, code } } });
const SEGMENTS = [{ id: 3, name: "Webinar registrants", alias: "webinar-registrants" }];
const CAMPAIGNS = { "5": { id: 5, name: "Webinar nurture", isPublished: true } };

/** Starts the fake: tags "webinar" and "replay", one segment, one campaign, no contacts; contacts get ids from 47. */
export async function startMauticFake(): Promise<MauticFake> {
  const contacts: MauticContact[] = [];
  const tags = [
    { id: 34, tag: "webinar" },
    { id: 35, tag: "replay" },
  ];
  const failures = new Map<string, FakeAnswer[]>();
  const fake = await startFakeService();
  const view = (contact: MauticContact) => ({
    id: contact.id,
    isPublished: true,
    fields: { all: { id: contact.id, email: contact.email, firstname: contact.firstname, lastname: contact.lastname } },
    tags: [...contact.tags].map((tag) => ({ id: tags.find((known) => known.tag === tag)?.id, tag })),
  });
  const applyTags = (contact: MauticContact, given: unknown) => {
    for (const raw of Array.isArray(given) ? given : []) {
      const name = String(raw);
      if (name.startsWith("-")) contact.tags.delete(name.slice(1));
      else {
        if (!tags.some((known) => known.tag === name)) tags.push({ id: 36 + tags.length, tag: name });
        contact.tags.add(name);
      }
    }
  };

  /** Basic auth, JSON bodies where sent, a queued failure first. */
  const guard = (route: string, answer: (request: ReceivedRequest, match: string[]) => FakeAnswer, pattern?: RegExp) => (request: ReceivedRequest) => {
    const expected = `Basic ${Buffer.from(`${MAUTIC_USER}:${MAUTIC_PASS}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return error(401, "API authorization denied.");
    if (request.body && !String(request.headers["content-type"]).includes("application/json")) return error(400, "Request body must be JSON");
    const failure = failures.get(route)?.shift();
    if (failure) return failure;
    return answer(request, pattern?.exec(request.path)?.slice(1) ?? []);
  };
  const page = <T>(request: ReceivedRequest, rows: T[]) => {
    const start = Number(request.query.get("start") ?? 0);
    return rows.slice(start, start + Number(request.query.get("limit") ?? 30));
  };

  const routes: Record<string, (request: ReceivedRequest) => FakeAnswer | undefined> = {
    "GET /api/users/self": guard("GET /api/users/self", () => ({ json: { id: 1, username: MAUTIC_USER, firstName: "API", lastName: "User", role: { name: "Administrator" } } })),
    "GET /api/tags": guard("GET /api/tags", (request) => ({ json: { total: tags.length, tags: page(request, tags) } })),
    "GET /api/segments": guard("GET /api/segments", (request) => ({ json: { total: SEGMENTS.length, lists: page(request, SEGMENTS) } })),
    "GET /api/campaigns": guard("GET /api/campaigns", () => ({ json: { total: 1, campaigns: CAMPAIGNS } })),
    "GET /api/contacts": guard("GET /api/contacts", (request) => {
      const search = /^email:(.+)$/.exec(request.query.get("search") ?? "");
      const found = search ? contacts.filter((contact) => contact.email === search[1]!.toLowerCase()) : contacts;
      // PHP encodes an empty collection as [] and a filled one as an object keyed by id.
      const body = found.length === 0 ? [] : Object.fromEntries(found.map((contact) => [String(contact.id), view(contact)]));
      return { json: { total: String(found.length), contacts: body } };
    }),
    "POST /api/contacts/new": guard("POST /api/contacts/new", (request) => {
      const body = request.data as { email?: string; firstname?: string; lastname?: string; tags?: unknown } | undefined;
      const email = body?.email?.toLowerCase() ?? "";
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return error(400, "email: A valid email is required.");
      let contact = contacts.find((known) => known.email === email);
      if (!contact) {
        contact = { id: 47 + contacts.length, email, firstname: "", lastname: "", tags: new Set(), segments: new Set(), campaigns: new Set() };
        contacts.push(contact);
      }
      if (body?.firstname) contact.firstname = body.firstname;
      if (body?.lastname) contact.lastname = body.lastname;
      applyTags(contact, body?.tags);
      return { status: 201, json: { contact: view(contact) } };
    }),
  };
  for (let id = 47; id < 57; id++) {
    const byId = () => contacts.find((contact) => contact.id === id);
    routes[`PATCH /api/contacts/${id}/edit`] = guard("PATCH /api/contacts/edit", (request) => {
      const contact = byId();
      if (!contact) return error(404, "Item was not found.");
      applyTags(contact, (request.data as { tags?: unknown } | undefined)?.tags);
      return { json: { contact: view(contact) } };
    });
    routes[`DELETE /api/contacts/${id}/delete`] = guard("DELETE /api/contacts/delete", () => {
      const contact = byId();
      if (!contact) return error(404, "Item was not found.");
      contacts.splice(contacts.indexOf(contact), 1);
      return { json: { contact: view(contact) } };
    });
    for (const segment of [3, 9]) {
      routes[`POST /api/segments/${segment}/contact/${id}/add`] = guard("POST /api/segments/add", () => {
        if (!SEGMENTS.some((known) => known.id === segment)) return error(404, "Item was not found.");
        const contact = byId();
        if (!contact) return error(404, "Item was not found.");
        contact.segments.add(segment);
        return { json: { success: true } };
      });
    }
    routes[`POST /api/campaigns/5/contact/${id}/add`] = guard("POST /api/campaigns/add", () => {
      const contact = byId();
      if (!contact) return error(404, "Item was not found.");
      contact.campaigns.add(5);
      return { json: { success: 1 } };
    });
  }
  fake.on(routes);
  return Object.assign(fake, {
    contacts,
    tags,
    failNext: (route: string, status: number, message: string) => {
      const queue = failures.get(route) ?? [];
      queue.push(error(status, message));
      failures.set(route, queue);
    },
  });
}
