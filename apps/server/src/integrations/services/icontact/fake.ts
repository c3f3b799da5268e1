/*
 * A loopback iContact REST API (version 2.2), written from iContact's public API reference:
 * - https://help.icontact.com/customers/s/article/API-Getting-Started-Guide (base https://app.icontact.com/icp,
 *   the `API-AppId`, `API-Username`, `API-Password` and `API-Version` headers on every call, JSON with
 *   `Accept`/`Content-Type: application/json`)
 * - https://help.icontact.com/customers/s/article/Advanced-Users-iContact-API (resources: GET /a/{accountId}/c/
 *   → `{clientfolders: [{clientFolderId}]}`; lists `?limit&offset` → `{lists: [{listId, name}], total}`; contacts:
 *   GET `?email=` → `{contacts: [...]}`, POST `[{email, firstName, lastName}]` → `{contacts: [{contactId…}]}` (a
 *   create over an existing email overwrites it), DELETE /contacts/{contactId} → `{}`; subscriptions: POST
 *   `[{contactId, listId, status: "normal"}]` → `{subscriptions: [...]}`)
 * - https://help.icontact.com/customers/s/article/HTTP-Status-Codes-iContact-API (401 for bad credentials,
 *   404, errors as `{"errors": ["…"]}`)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const IC_APP = "a1b2c3d4-app";
export const IC_USER = "host@example.com";
export const IC_PASSWORD = "api-password-0123";
export const IC_ACCOUNT = "1234567";
export const IC_FOLDER = "8910";

export interface IcState {
  lists: Array<{ listId: number; name: string }>;
  contacts: Map<string, { contactId: number; email: string; firstName: string; lastName: string }>;
  /** `${contactId}:${listId}` */
  subscriptions: Set<string>;
}

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    const h = request.headers;
    if (h["api-appid"] !== IC_APP || h["api-username"] !== IC_USER || h["api-password"] !== IC_PASSWORD) {
      return { status: 401, json: { errors: ["Unauthorized: the application id, username or password is not valid"] } };
    }
    if (h["api-version"] !== "2.2") return { status: 501, json: { errors: ["Unsupported API version"] } };
    if (request.body && h["content-type"] !== "application/json") return { status: 415, json: { errors: ["Send JSON"] } };
    return answer(request);
  };
}

/** Starts the fake with 600 lists (two pages); `state` for tests. */
export async function startIcontactFake(): Promise<FakeService & { state: IcState }> {
  const state: IcState = {
    lists: Array.from({ length: 600 }, (_, n) => ({ listId: 100 + n, name: n === 0 ? "Webinar registrants" : `List ${n}` })),
    contacts: new Map(),
    subscriptions: new Set(),
  };
  let nextId = 70000;
  const folder = `/icp/a/${IC_ACCOUNT}/c/${IC_FOLDER}`;
  const fake = await startFakeService();
  const sync = () => {
    for (const contact of state.contacts.values()) {
      fake.on({
        [`DELETE ${folder}/contacts/${contact.contactId}`]: guarded(() => {
          if (!state.contacts.delete(contact.email.toLowerCase())) return { status: 404, json: { errors: ["Contact not found"] } };
          return { json: {} };
        }),
      });
    }
  };
  fake.on({
    [`GET /icp/a/${IC_ACCOUNT}/c/`]: guarded(() => ({ json: { clientfolders: [{ clientFolderId: Number(IC_FOLDER), logoId: null, emailRecipient: IC_USER }], total: 1 } })),
    [`GET ${folder}/lists`]: guarded((r) => {
      const limit = Number(r.query.get("limit") ?? 20);
      const offset = Number(r.query.get("offset") ?? 0);
      return { json: { lists: state.lists.slice(offset, offset + limit).map((list) => ({ ...list, publicname: list.name, emailOwnerOnChange: 0 })), total: state.lists.length } };
    }),
    [`GET ${folder}/contacts`]: guarded((r) => {
      const contact = state.contacts.get((r.query.get("email") ?? "").toLowerCase());
      return { json: { contacts: contact ? [{ ...contact, status: "normal" }] : [], total: contact ? 1 : 0 } };
    }),
    [`POST ${folder}/contacts`]: guarded((r) => {
      const items = Array.isArray(r.data) ? (r.data as Array<{ email?: string; firstName?: string; lastName?: string }>) : [];
      const created = [];
      for (const item of items) {
        if (!item.email || !/^[^@\s]+@[^@\s]+$/.test(item.email)) return { status: 400, json: { errors: ["email is invalid"] } };
        const known = state.contacts.get(item.email.toLowerCase());
        // As documented: creating over an existing email overwrites the contact's fields.
        const contact = { contactId: known?.contactId ?? nextId++, email: item.email, firstName: item.firstName ?? "", lastName: item.lastName ?? "" };
        state.contacts.set(item.email.toLowerCase(), contact);
        created.push({ ...contact, status: "normal" });
      }
      sync();
      return { json: { contacts: created } };
    }),
    [`POST ${folder}/subscriptions`]: guarded((r) => {
      const items = Array.isArray(r.data) ? (r.data as Array<{ contactId?: unknown; listId?: unknown; status?: unknown }>) : [];
      const made = [];
      for (const item of items) {
        const contact = [...state.contacts.values()].find((c) => String(c.contactId) === String(item.contactId));
        const list = state.lists.find((l) => String(l.listId) === String(item.listId));
        if (!contact || !list || item.status !== "normal") return { status: 400, json: { errors: ["contactId, listId and status are required"] } };
        state.subscriptions.add(`${contact.contactId}:${list.listId}`);
        made.push({ subscriptionId: `${list.listId}_${contact.contactId}`, contactId: contact.contactId, listId: list.listId, status: "normal" });
      }
      return { json: { subscriptions: made } };
    }),
  });
  return Object.assign(fake, { state });
}
