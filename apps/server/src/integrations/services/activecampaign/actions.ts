import { normalizeTagName } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer, type PeerRequest } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionJob, type ActionOutcome } from "../../actions/types.js";
import { isRebased } from "../../endpoints.js";
import { pinnedAddress } from "../../publicHost.js";
import type { ActionRun } from "../types.js";

/** Calls the account's ActiveCampaign API v3 (its own `api_url`, `Api-Token` header). */
type Api = <T>(path: string, request?: PeerRequest) => Promise<{ status: number; body: T }>;

async function connect({ loaded, service }: ActionRun): Promise<Api> {
  const { label } = service;
  const base = String(loaded.secrets.credentials.api_url ?? "").replace(/\/+$/, "");
  const token = String(loaded.secrets.credentials.api_key ?? "");
  if (!URL.canParse(base) || !token) throw new PermanentActionError(`${label}: the integration needs its API URL and key.`);
  // The API URL is typed by a person: no private network, unless the operator rebased the kind.
  // Checked once and pinned: every call of this action connects to the address checked.
  const pin = isRebased(loaded.kind) ? undefined : await asAction(() => pinnedAddress(new URL(base), label));
  return (path, request = {}) =>
    callPeer(label, service.url(`${base}${path}`), { ...request, pin, headers: { "Api-Token": token, ...request.headers } });
}

/** Creates or updates the registrant's contact (`POST /api/3/contact/sync`); answers its id. */
async function syncContact(api: Api, job: ActionJob): Promise<string> {
  const [firstName = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const { body } = await api<{ contact?: { id?: string | number } }>("/api/3/contact/sync", {
    json: { contact: { email: job.registrant.email, firstName, lastName: rest.join(" "), phone: job.registrant.phone } },
  });
  if (body?.contact?.id === undefined) throw new PermanentActionError("ActiveCampaign answered without a contact id.");
  return String(body.contact.id);
}

/** The registrant's existing contact id, or undefined (`GET /api/3/contacts?email=`). */
async function findContact(api: Api, email: string): Promise<string | undefined> {
  const { body } = await api<{ contacts?: Array<{ id: string | number }> }>(
    `/api/3/contacts?email=${encodeURIComponent(email)}`,
  );
  const id = body?.contacts?.[0]?.id;
  return id === undefined ? undefined : String(id);
}

/**
 * The tag id of `model.tagName`: the id itself (tags are picked by id), or, for a name, the tag
 * of that lower-cased name (`GET /api/3/tags?search=`), created when `create` and missing.
 */
async function tagId(api: Api, job: ActionJob, create: boolean): Promise<string | undefined> {
  const value = modelText(job, "tagName");
  if (/^\d+$/.test(value)) return value;
  const name = normalizeTagName(value);
  const { body } = await api<{ tags?: Array<{ id: string | number; tag: string }> }>(
    `/api/3/tags?search=${encodeURIComponent(name)}`,
  );
  const found = body?.tags?.find((tag) => normalizeTagName(tag.tag) === name);
  if (found) return String(found.id);
  if (!create) return undefined;
  const created = await api<{ tag: { id: string | number } }>("/api/3/tags", {
    json: { tag: { tag: name, tagType: "contact", description: "" } },
  });
  return String(created.body.tag.id);
}

/**
 * ACTIVECAMPAIGN `addTag`: syncs the contact (`POST /api/3/contact/sync`) and tags it (`POST
 * /api/3/contactTags` `{contactTag: {contact, tag}}`).
 *
 * @example
 * await activeCampaignAddTag(run); // { status: "sent", detail: "contact 12 tagged 7 (HTTP 201)" }
 */
export async function activeCampaignAddTag(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const api = await connect(run);
  const contact = await syncContact(api, job);
  const tag = await tagId(api, job, true);
  const { status } = await api("/api/3/contactTags", { json: { contactTag: { contact, tag } } });
  return { status: "sent", detail: `contact ${contact} tagged ${tag} (HTTP ${status})` };
}

/**
 * ACTIVECAMPAIGN `removeTag`: finds the contact and its tag link (`GET
 * /api/3/contacts/{id}/contactTags`) and deletes it (`DELETE /api/3/contactTags/{id}`); skipped
 * when there is no such contact or tag on it.
 */
export async function activeCampaignRemoveTag(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const api = await connect(run);
  const contact = await findContact(api, job.registrant.email);
  if (!contact) return { status: "skipped", reason: "the registrant is not an ActiveCampaign contact" };
  const tag = await tagId(api, job, false);
  const { body } = await api<{ contactTags?: Array<{ id: string | number; tag: string | number }> }>(
    `/api/3/contacts/${encodeURIComponent(contact)}/contactTags`,
  );
  const link = body?.contactTags?.find((entry) => String(entry.tag) === tag);
  if (!tag || !link) return { status: "skipped", reason: "the contact does not have this tag" };
  const { status } = await api(`/api/3/contactTags/${encodeURIComponent(String(link.id))}`, { method: "DELETE" });
  return { status: "sent", detail: `tag ${tag} removed from contact ${contact} (HTTP ${status})` };
}

/**
 * ACTIVECAMPAIGN `moveList`: syncs the contact and subscribes it to the node's list (`POST
 * /api/3/contactLists` `{contactList: {list, contact, status: 1}}`).
 */
export async function activeCampaignMoveList(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const api = await connect(run);
  const contact = await syncContact(api, job);
  const list = modelText(job, "listName");
  const { status } = await api("/api/3/contactLists", { json: { contactList: { list, contact, status: 1 } } });
  return { status: "sent", detail: `contact ${contact} subscribed to list ${list} (HTTP ${status})` };
}

/**
 * ACTIVECAMPAIGN `addToAutomation`: syncs the contact, looks at the automations it is in (`GET
 * /api/3/contacts/{id}/contactAutomations`) and adds it to the node's automation (`POST
 * /api/3/contactAutomations` `{contactAutomation: {contact, automation}}`) unless a run of that
 * automation is in progress for it — ActiveCampaign takes no idempotency key, and an automation
 * allowing several entries would start a second run on a retry.
 */
export async function activeCampaignAddToAutomation(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const api = await connect(run);
  const contact = await syncContact(api, job);
  const automation = modelText(job, "automationName");
  const { body } = await api<{ contactAutomations?: Array<{ automation?: string | number; seriesid?: string | number; status?: string | number }> }>(
    `/api/3/contacts/${encodeURIComponent(contact)}/contactAutomations`,
  );
  const running = body?.contactAutomations?.some(
    (entry) => String(entry.automation ?? entry.seriesid) === automation && String(entry.status) === "1",
  );
  if (running) {
    return job.attempt > 1
      ? { status: "sent", detail: `contact ${contact} is in automation ${automation} (added once)` }
      : { status: "skipped", reason: "the contact is already in this automation" };
  }
  const { status } = await api("/api/3/contactAutomations", { json: { contactAutomation: { contact, automation } } });
  return { status: "sent", detail: `contact ${contact} added to automation ${automation} (HTTP ${status})` };
}

/**
 * ACTIVECAMPAIGN `delete`: finds the registrant's contact by email and deletes it (`DELETE
 * /api/3/contacts/{id}`); skipped when there is none (never added, or already deleted — a retry
 * after a lost answer ends here too).
 */
export async function activeCampaignDelete(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const api = await connect(run);
  const contact = await findContact(api, job.registrant.email);
  if (!contact) return { status: "skipped", reason: "the registrant is not (or no longer) an ActiveCampaign contact" };
  const { status } = await api(`/api/3/contacts/${encodeURIComponent(contact)}`, { method: "DELETE" });
  return { status: "sent", detail: `contact ${contact} deleted (HTTP ${status})` };
}
