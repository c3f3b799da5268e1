import { modelText, NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionJob, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun, ServiceContext } from "../types.js";
import { mauticPeer, rowsOf } from "./api.js";

/** The contact id of an email, or undefined (`GET /contacts?search=email:<address>`). */
async function findContact(ctx: ServiceContext, email: string): Promise<string | undefined> {
  const query = new URLSearchParams({ search: `email:${email}`, limit: "1", minimal: "true" });
  const { body } = await mauticPeer<{ contacts?: unknown }>(ctx, `/contacts?${query}`);
  const id = rowsOf<{ id?: string | number }>(body?.contacts)[0]?.id;
  return id === undefined ? undefined : String(id);
}

/**
 * The registrant's contact (`POST /contacts/new`: Mautic merges on the email, its unique
 * identifier, so a second run answers the same contact), with the name split as the other CRMs
 * and `tags` (a tag name adds it) when given.
 */
async function saveContact(ctx: ServiceContext, job: ActionJob, tags?: string[]): Promise<string> {
  const [firstname = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const { body } = await mauticPeer<{ contact?: { id?: string | number } }>(ctx, "/contacts/new", {
    json: { email: job.registrant.email.trim(), firstname, lastname: rest.join(" "), ...(tags && { tags }) },
  });
  const id = body?.contact?.id;
  if (id === undefined) throw new PermanentActionError("Mautic answered without a contact id.");
  return String(id);
}

const numeric = (job: ActionJob, field: string, noun: string, label: string): string => {
  const value = modelText(job, field);
  if (!/^\d+$/.test(value)) throw new PermanentActionError(`${label}: pick ${noun} again from the list (${field}).`);
  return value;
};

/** A tag as Mautic names it: the picked name, without a leading minus (which would remove it). */
const tagName = (job: ActionJob) => modelText(job, "tagName").replace(/^-+/, "").trim();

/**
 * MAUTIC `addTag`: the registrant's contact is saved with the tag (`POST /contacts/new` with
 * `tags: [name]`); Mautic creates a tag it does not have yet, and a second run changes nothing.
 *
 * @example
 * await mauticAddTag(run); // { status: "sent", detail: "contact 47 tagged webinar" }
 */
export async function mauticAddTag({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const tag = tagName(job);
  const contact = await saveContact(service, job, [tag]);
  return { status: "sent", detail: `contact ${contact} tagged ${tag}` };
}

/**
 * MAUTIC `removeTag`: `PATCH /contacts/{id}/edit` with `tags: ["-name"]` (Mautic's way to remove
 * a tag); skipped when Mautic has no contact of that email.
 */
export async function mauticRemoveTag({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const tag = tagName(job);
  const contact = await findContact(service, job.registrant.email.trim());
  if (!contact) return { status: "skipped", reason: "the registrant is not a Mautic contact" };
  await mauticPeer(service, `/contacts/${contact}/edit`, { method: "PATCH", json: { tags: [`-${tag}`] } });
  return { status: "sent", detail: `tag ${tag} removed from contact ${contact}` };
}

/** Adds the registrant's contact to a segment or a campaign (`POST /{resource}/{id}/contact/{contact}/add`). */
async function addTo(run: ActionRun, resource: "segments" | "campaigns", field: string, noun: string): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const id = numeric(job, field, noun, service.label);
  const contact = await saveContact(service, job);
  const { body } = await mauticPeer<{ success?: boolean | number }>(service, `/${resource}/${id}/contact/${contact}/add`, { method: "POST" });
  if (!body?.success) throw new PermanentActionError(`Mautic did not add contact ${contact} to ${noun.replace(/^an? /, "")} ${id}.`);
  return { status: "sent", detail: `contact ${contact} added to ${resource === "segments" ? "segment" : "campaign"} ${id}` };
}

/** MAUTIC `moveList` ("Add to segment"): `POST /segments/{id}/contact/{contact}/add`; a member stays a member once. */
export const mauticMoveList = (run: ActionRun) => addTo(run, "segments", "listName", "a segment");

/** MAUTIC `addToCampaign`: `POST /campaigns/{id}/contact/{contact}/add`. */
export const mauticAddToCampaign = (run: ActionRun) => addTo(run, "campaigns", "campaignName", "a campaign");

/**
 * MAUTIC `delete`: removes the registrant's contact (`DELETE /contacts/{id}/delete`); skipped
 * when Mautic has none of that email (so a retry after a lost answer is skipped).
 */
export async function mauticDelete({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const contact = await findContact(service, job.registrant.email.trim());
  if (!contact) return { status: "skipped", reason: "the registrant is not a Mautic contact" };
  await mauticPeer(service, `/contacts/${contact}/delete`, { method: "DELETE" });
  return { status: "sent", detail: `contact ${contact} deleted` };
}
