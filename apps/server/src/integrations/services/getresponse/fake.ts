/**
 * A loopback GetResponse, written from GetResponse's public API v3 reference:
 * - https://apireference.getresponse.com (OpenAPI: https://apireference.getresponse.com/open-api.json)
 * - https://apidocs.getresponse.com/v3/case-study/adding-contacts (POST /contacts, `campaign.campaignId`,
 *   Bearer / X-Auth-Token, `Content-Type: application/json`, 202 queued)
 * - https://apidocs.getresponse.com/v3/errors (error bodies `{ httpStatus, code, codeDescription, message,
 *   moreInfo, context, uuid }`, 401 authentication, 409 duplicates)
 * - https://github.com/GetResponse/public-api-agent-skills (getresponse-contacts-skill: contact lookup
 *   with `query[email]` + `additionalFlags=exactMatch`, `POST /contacts/{id}/tags` upsert, the move
 *   `{ campaign: { campaignId } }` on `POST /contacts/{id}`, `DELETE /contacts/{id}` → 204, tag names
 *   `^[_a-zA-Z0-9]{2,64}$`, `page`/`perPage` ≤ 1000)
 *
 * New contacts are queued, as GetResponse does: they appear to lookups after `process()`.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export interface FakeContact {
  contactId: string;
  email: string;
  name: string;
  campaignId: string;
  tagIds: string[];
}

export interface GetResponseFake extends FakeService {
  token: string;
  campaigns: Array<{ campaignId: string; name: string; isDefault: "true" | "false" }>;
  tags: Array<{ tagId: string; name: string }>;
  contacts: FakeContact[];
  /** Contacts added by `POST /contacts` and not processed yet (not found by lookups). */
  queued: FakeContact[];
  /** GetResponse's queue runs: queued contacts become contacts. */
  process(): void;
  seed(contact: Omit<FakeContact, "contactId">): FakeContact;
  /** The next call to `"METHOD /path"` is carried out, but its answer is lost: a 502 arrives instead. */
  loseNextAnswer(route: string): void;
}

const fail = (httpStatus: number, code: number, codeDescription: string, message: string): FakeAnswer => ({
  status: httpStatus,
  json: { httpStatus, code, codeDescription, message, moreInfo: `https://apidocs.getresponse.com/v3/errors/${code}`, context: [], uuid: "1b2c3d" },
});

export async function startGetResponseFake(options: { token?: string } = {}): Promise<GetResponseFake> {
  const fake = (await startFakeService()) as GetResponseFake;
  fake.token = options.token ?? "gr-token-0123456789";
  fake.campaigns = [
    { campaignId: "Vp9xK", name: "webinar_leads", isDefault: "true" },
    { campaignId: "Qm4tZ", name: "customers", isDefault: "false" },
  ];
  fake.tags = [{ tagId: "t1", name: "VIP" }];
  fake.contacts = [];
  fake.queued = [];
  const lost = new Set<string>();
  let next = 1;
  fake.loseNextAnswer = (route) => lost.add(route);

  const authed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => {
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      return fail(401, 1014, "Problem during authentication process, check headers!", "Unable to authenticate request. Check credentials or authentication method details");
    }
    if (request.method === "POST" && !request.headers["content-type"]?.includes("application/json")) {
      return fail(400, 1000, "General error of validation process", "Content-Type must be application/json");
    }
    const answered = answer(request);
    return lost.delete(`${request.method} ${request.path}`) ? fail(502, 1, "Internal error", "Bad Gateway") : answered;
  };
  const body = (request: ReceivedRequest) => (request.data ?? {}) as Record<string, unknown>;
  const page = <T>(rows: T[], request: ReceivedRequest): FakeAnswer => {
    const perPage = Math.min(Number(request.query.get("perPage") ?? 100), 1000);
    const number = Number(request.query.get("page") ?? 1);
    return { json: rows.slice((number - 1) * perPage, number * perPage), headers: { totalpages: String(Math.max(1, Math.ceil(rows.length / perPage))) } };
  };
  const view = (contact: FakeContact) => ({
    contactId: contact.contactId,
    href: `https://api.getresponse.com/v3/contacts/${contact.contactId}`,
    email: contact.email,
    name: contact.name,
    campaign: { campaignId: contact.campaignId, href: `https://api.getresponse.com/v3/campaigns/${contact.campaignId}` },
  });
  const missing = fail(404, 1013, "Resource not found", "Contact not found");

  function routesOf(contactId: string) {
    const path = `/v3/contacts/${contactId}`;
    const find = () => fake.contacts.find((contact) => contact.contactId === contactId);
    fake.on({
      [`POST ${path}`]: authed((request) => {
        const contact = find();
        if (!contact) return missing;
        const campaignId = (body(request).campaign as { campaignId?: unknown } | undefined)?.campaignId;
        if (campaignId !== undefined) {
          if (!fake.campaigns.some((c) => c.campaignId === campaignId)) return fail(400, 1001, "Related resource not found", "Campaign not found");
          if (fake.contacts.some((c) => c.campaignId === campaignId && c.email === contact.email)) {
            return fail(409, 1008, "Resource already exists", "Contact already exists in the destination list");
          }
          contact.campaignId = String(campaignId);
        }
        return { json: view(contact) };
      }),
      [`POST ${path}/tags`]: authed((request) => {
        const contact = find();
        if (!contact) return missing;
        const tags = body(request).tags;
        if (!Array.isArray(tags)) return fail(400, 1000, "General error of validation process", "tags: This value should not be blank.");
        for (const tag of tags as Array<{ tagId?: string }>) {
          if (!fake.tags.some((t) => t.tagId === tag.tagId)) return fail(400, 1001, "Related resource not found", `Tag ${tag.tagId} not found`);
          if (tag.tagId && !contact.tagIds.includes(tag.tagId)) contact.tagIds.push(tag.tagId);
        }
        return { json: contact.tagIds.map((tagId) => ({ tagId, name: fake.tags.find((t) => t.tagId === tagId)?.name })) };
      }),
      [`DELETE ${path}`]: authed(() => {
        const contact = find();
        if (!contact) return missing;
        fake.contacts.splice(fake.contacts.indexOf(contact), 1);
        return { status: 204 };
      }),
    });
  }
  fake.seed = (contact) => {
    const created = { ...contact, contactId: `c${next++}` };
    fake.contacts.push(created);
    routesOf(created.contactId);
    return created;
  };
  fake.process = () => {
    for (const contact of fake.queued.splice(0)) {
      fake.contacts.push(contact);
      routesOf(contact.contactId);
    }
  };

  fake.on({
    // OAuth token endpoint (https://api.getresponse.com/v3/token): client credentials in Basic auth.
    "POST /v3/token": (request) => {
      if (!request.headers.authorization?.startsWith("Basic ")) return { status: 401, json: { error: "invalid_client" } };
      return { json: { access_token: fake.token, refresh_token: "gr-refresh", token_type: "Bearer", expires_in: 86400 } };
    },
    "GET /v3/accounts": authed(() => ({ json: { accountId: "a7", email: "host@example.com", firstName: "Grace", lastName: "Hopper" } })),
    "GET /v3/campaigns": authed((request) => page(fake.campaigns, request)),
    "GET /v3/tags": authed((request) => {
      const name = request.query.get("query[name]");
      return page(name ? fake.tags.filter((tag) => tag.name.toLowerCase().includes(name.toLowerCase())) : fake.tags, request);
    }),
    "POST /v3/tags": authed((request) => {
      const name = body(request).name;
      if (typeof name !== "string" || !/^[_a-zA-Z0-9]{2,64}$/.test(name)) {
        return fail(400, 1000, "General error of validation process", "name: Tag name may contain only letters, digits and underscores (2 to 64 characters)");
      }
      if (fake.tags.some((tag) => tag.name === name)) return fail(409, 1008, "Resource already exists", "Tag already exists");
      const tag = { tagId: `t${next++}`, name };
      fake.tags.push(tag);
      return { status: 201, json: { ...tag, href: `https://api.getresponse.com/v3/tags/${tag.tagId}` } };
    }),
    "GET /v3/contacts": authed((request) => {
      const email = request.query.get("query[email]") ?? "";
      const exact = request.query.get("additionalFlags") === "exactMatch";
      const rows = fake.contacts.filter((c) => (exact ? c.email === email : c.email.includes(email)));
      return page(rows.map(view), request);
    }),
    "POST /v3/contacts": authed((request) => {
      const data = body(request);
      const campaignId = (data.campaign as { campaignId?: unknown } | undefined)?.campaignId;
      if (typeof data.email !== "string" || !data.email.includes("@")) return fail(400, 1000, "General error of validation process", "email: This value is not a valid email address.");
      if (!fake.campaigns.some((c) => c.campaignId === campaignId)) return fail(400, 1001, "Related resource not found", "Campaign not found");
      if ([...fake.contacts, ...fake.queued].some((c) => c.email === data.email && c.campaignId === campaignId)) {
        return fail(409, 1008, "Resource already exists", "Contact already added");
      }
      const tagIds = Array.isArray(data.tags) ? (data.tags as Array<{ tagId: string }>).map((tag) => tag.tagId) : [];
      fake.queued.push({ contactId: `c${next++}`, email: data.email, name: String(data.name ?? ""), campaignId: String(campaignId), tagIds });
      return { status: 202 };
    }),
  });
  return fake;
}
