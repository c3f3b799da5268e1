/*
 * A loopback Ontraport REST API, written from Ontraport's API reference and its official PHP SDK, which encodes
 * each call exactly as the reference shows it:
 * - https://api.ontraport.com/doc/ (authentication: the `Api-Appid` and `Api-Key` headers; base
 *   https://api.ontraport.com/1; answers `{ code: 0, data, account_id }`; `start`/`range` paging, at most 50;
 *   objectID 0 = contacts, 5 = sequences, 14 = tags, 140 = Campaign Builder campaigns; response codes 200, 400,
 *   401 (wrong key or App ID), 403, 404, 429, 500)
 * - https://github.com/Ontraport/SDK-PHP/blob/master/src/Objects.php (PUT /objects/tag and /objects/subscribe
 *   form-encoded with `objectID`, `add_list`, `ids`, `sub_type` Campaign | Sequence; DELETE /objects/tag with
 *   `remove_list`, `ids` in the query; GET /object/getByEmail; GET /objects/getInfo; POST …/saveorupdate form-encoded)
 * - https://github.com/Ontraport/SDK-PHP/blob/master/src/CurlClient.php (the two headers; DELETE and GET send their
 *   parameters in the query, PUT and POST in the body)
 * - https://github.com/Ontraport/SDK-PHP/blob/master/src/ObjectType.php (object type ids)
 * Error bodies are the plain message Ontraport writes; the words used here stand in for them.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const ONTRAPORT_APP_ID = "2_12345_AbCdEfGhI";
export const ONTRAPORT_KEY = "op-key-0123456789abcdef";

export interface OntraportContact {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  tags: Set<string>;
  campaigns: Set<string>;
  sequences: Set<string>;
}

export interface OntraportFake extends FakeService {
  contacts: OntraportContact[];
  /** Makes the next call to `route` ("METHOD /path") answer `status` first, changing nothing. */
  failNext(route: string, status: number, message: string): void;
}

const ok = (data: unknown): FakeAnswer => ({ json: { code: 0, data, account_id: 12345 } });
const refuse = (status: number, message: string): FakeAnswer => ({ status, json: message });

const TAGS = Array.from({ length: 52 }, (_, n) => ({ tag_id: String(n + 1), tag_name: n === 0 ? "Webinar registrant" : `Tag ${n + 1}`, object_type_id: "0" }));
const CAMPAIGNS = [{ id: "8", name: "Webinar follow-up" }];
const SEQUENCES = [{ drip_id: "4", name: "Replay reminders" }];

/** Starts the fake: 52 tags (two pages), one campaign, one sequence, no contacts. */
export async function startOntraportFake(): Promise<OntraportFake> {
  const contacts: OntraportContact[] = [];
  const failures = new Map<string, FakeAnswer[]>();
  const fake = await startFakeService();
  const byId = (id: string) => contacts.find((contact) => contact.id === id);

  /** Both headers, the body encoding the SDK uses, and a queued failure first. */
  const guard =
    (route: string, encoding: "form" | "none", answer: (request: ReceivedRequest, fields: URLSearchParams) => FakeAnswer) =>
    (request: ReceivedRequest): FakeAnswer => {
      if (request.headers["api-appid"] !== ONTRAPORT_APP_ID || request.headers["api-key"] !== ONTRAPORT_KEY) {
        return refuse(401, "Invalid AppID / API key combination");
      }
      if (encoding === "form" && !String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
        return refuse(400, "Expected a form-encoded body");
      }
      const failure = failures.get(route)?.shift();
      if (failure) return failure;
      return answer(request, encoding === "form" ? new URLSearchParams(request.body) : request.query);
    };
  const page = (request: ReceivedRequest, rows: unknown[]) => {
    const range = Number(request.query.get("range") ?? 50);
    if (range > 50) return refuse(400, "range may be at most 50");
    const start = Number(request.query.get("start") ?? 0);
    return ok(rows.slice(start, start + range));
  };
  const listed = (fields: URLSearchParams, name: string) => (fields.get(name) ?? "").split(",").filter(Boolean);

  fake.on({
    "GET /1/objects/getInfo": guard("GET /1/objects/getInfo", "none", (_request, query) =>
      query.get("objectID") === "0" ? ok({ listFields: ["firstname", "lastname", "email"], count: String(contacts.length + 1200) }) : refuse(400, "Invalid objectID"),
    ),
    "GET /1/Tags": guard("GET /1/Tags", "none", (request) => page(request, TAGS)),
    "GET /1/CampaignBuilderItems": guard("GET /1/CampaignBuilderItems", "none", (request) => page(request, CAMPAIGNS)),
    "GET /1/objects": guard("GET /1/objects", "none", (request, query) =>
      query.get("objectID") === "5" ? page(request, SEQUENCES) : refuse(400, "Invalid objectID"),
    ),
    "POST /1/Contacts/saveorupdate": guard("POST /1/Contacts/saveorupdate", "form", (_request, fields) => {
      const email = fields.get("email") ?? "";
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return refuse(400, "Invalid email");
      const found = contacts.find((contact) => contact.email === email.toLowerCase());
      if (found) {
        Object.assign(found, { firstname: fields.get("firstname") ?? found.firstname, lastname: fields.get("lastname") ?? found.lastname });
        return ok({ attrs: { id: found.id, email: found.email, firstname: found.firstname, lastname: found.lastname } });
      }
      const contact: OntraportContact = {
        id: String(42 + contacts.length),
        email: email.toLowerCase(),
        firstname: fields.get("firstname") ?? "",
        lastname: fields.get("lastname") ?? "",
        tags: new Set(),
        campaigns: new Set(),
        sequences: new Set(),
      };
      contacts.push(contact);
      return ok({ id: contact.id, email: contact.email, firstname: contact.firstname, lastname: contact.lastname, owner: "1" });
    }),
    "GET /1/object/getByEmail": guard("GET /1/object/getByEmail", "none", (_request, query) => {
      if (query.get("objectID") !== "0") return refuse(400, "Invalid objectID");
      const found = contacts.find((contact) => contact.email === (query.get("email") ?? "").toLowerCase());
      return found ? ok({ id: Number(found.id) }) : ok({ id: 0 });
    }),
    "PUT /1/objects/tag": guard("PUT /1/objects/tag", "form", (_request, fields) => {
      const tags = listed(fields, "add_list");
      if (fields.get("objectID") !== "0" || tags.length === 0 || !fields.get("ids")) return refuse(400, "objectID, add_list and ids are required");
      if (!tags.every((tag) => TAGS.some((known) => known.tag_id === tag))) return refuse(400, "Invalid tag");
      for (const id of listed(fields, "ids")) for (const tag of tags) byId(id)?.tags.add(tag);
      return ok("The tag is now being processed.");
    }),
    "DELETE /1/objects/tag": guard("DELETE /1/objects/tag", "none", (_request, query) => {
      const tags = listed(query, "remove_list");
      if (query.get("objectID") !== "0" || tags.length === 0 || !query.get("ids")) return refuse(400, "objectID, remove_list and ids are required");
      for (const id of listed(query, "ids")) for (const tag of tags) byId(id)?.tags.delete(tag);
      return ok("The tag is now being processed.");
    }),
    "PUT /1/objects/subscribe": guard("PUT /1/objects/subscribe", "form", (_request, fields) => {
      const lists = listed(fields, "add_list");
      const subType = fields.get("sub_type") ?? "Campaign";
      if (fields.get("objectID") !== "0" || lists.length === 0 || !fields.get("ids")) return refuse(400, "objectID, add_list and ids are required");
      const known = subType === "Sequence" ? SEQUENCES.map((row) => row.drip_id) : CAMPAIGNS.map((row) => row.id);
      if (!lists.every((id) => known.includes(id))) return refuse(400, `Invalid ${subType.toLowerCase()} id`);
      for (const id of listed(fields, "ids")) {
        for (const list of lists) (subType === "Sequence" ? byId(id)?.sequences : byId(id)?.campaigns)?.add(list);
      }
      return ok("The subscription is now being processed.");
    }),
    "DELETE /1/Contact": guard("DELETE /1/Contact", "none", (_request, query) => {
      const index = contacts.findIndex((contact) => contact.id === query.get("id"));
      if (index < 0) return refuse(400, "Invalid contact id");
      contacts.splice(index, 1);
      return ok([]);
    }),
  });
  return Object.assign(fake, {
    contacts,
    failNext: (route: string, status: number, message: string) => {
      const queue = failures.get(route) ?? [];
      queue.push(refuse(status, message));
      failures.set(route, queue);
    },
  });
}
