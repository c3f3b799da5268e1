import { modelText, NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionJob, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun, ServiceContext } from "../types.js";
import { CONTACT_OBJECT, ontraportPeer } from "./api.js";

interface Envelope<T> {
  code?: number;
  data?: T;
}

/** The contact id of an email, or undefined (`GET /object/getByEmail?objectID=0&email=`). */
async function findContact(ctx: ServiceContext, email: string): Promise<string | undefined> {
  const query = new URLSearchParams({ objectID: CONTACT_OBJECT, email, all: "0" });
  const { body } = await ontraportPeer<Envelope<{ id?: string | number }>>(ctx, `/object/getByEmail?${query}`, { allow: [404] });
  const id = body?.data?.id;
  return id === undefined || id === null || String(id) === "0" || String(id) === "" ? undefined : String(id);
}

/**
 * The registrant's contact, created or merged on the email (`POST /Contacts/saveorupdate`, form
 * `email`, `firstname`, `lastname`, the name split as the other CRMs): one call, the same
 * contact however often it runs. Ontraport answers `data.id` for a new contact and
 * `data.attrs.id` for a merged one.
 */
async function saveContact(ctx: ServiceContext, job: ActionJob): Promise<string> {
  const [firstname = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const { body } = await ontraportPeer<Envelope<{ id?: string | number; attrs?: { id?: string | number } }>>(ctx, "/Contacts/saveorupdate", {
    form: { email: job.registrant.email.trim(), firstname, lastname: rest.join(" ") },
  });
  const id = body?.data?.attrs?.id ?? body?.data?.id;
  if (id === undefined) throw new PermanentActionError("Ontraport answered without a contact id.");
  return String(id);
}

const numeric = (job: ActionJob, field: string, noun: string, label: string): string => {
  const value = modelText(job, field);
  if (!/^\d+$/.test(value)) throw new PermanentActionError(`${label}: pick ${noun} again from the list (${field}).`);
  return value;
};

/**
 * ONTRAPORT `addTag`: the registrant's contact (saved or merged) gets the picked tag
 * (`PUT /objects/tag`, form `objectID=0`, `add_list`, `ids`); tagging twice changes nothing.
 *
 * @example
 * await ontraportAddTag(run); // { status: "sent", detail: "contact 42 tagged 3" }
 */
export async function ontraportAddTag({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const tag = numeric(job, "tagName", "a tag", service.label);
  const contact = await saveContact(service, job);
  await ontraportPeer(service, "/objects/tag", { method: "PUT", form: { objectID: CONTACT_OBJECT, add_list: tag, ids: contact } });
  return { status: "sent", detail: `contact ${contact} tagged ${tag}` };
}

/**
 * ONTRAPORT `removeTag`: `DELETE /objects/tag?objectID=0&remove_list=&ids=` for the registrant's
 * contact; skipped when Ontraport has no contact of that email.
 */
export async function ontraportRemoveTag({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const tag = numeric(job, "tagName", "a tag", service.label);
  const contact = await findContact(service, job.registrant.email.trim());
  if (!contact) return { status: "skipped", reason: "the registrant is not an Ontraport contact" };
  const query = new URLSearchParams({ objectID: CONTACT_OBJECT, remove_list: tag, ids: contact });
  await ontraportPeer(service, `/objects/tag?${query}`, { method: "DELETE" });
  return { status: "sent", detail: `tag ${tag} removed from contact ${contact}` };
}

/** Subscribes the registrant's contact to a campaign or a sequence (`PUT /objects/subscribe`). */
async function subscribe(run: ActionRun, field: "campaignName" | "sequenceName", subType: "Campaign" | "Sequence"): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const noun = subType === "Campaign" ? "a campaign" : "a sequence";
  const id = numeric(job, field, noun, service.label);
  const contact = await saveContact(service, job);
  await ontraportPeer(service, "/objects/subscribe", {
    method: "PUT",
    form: { objectID: CONTACT_OBJECT, add_list: id, ids: contact, sub_type: subType },
  });
  return { status: "sent", detail: `contact ${contact} added to ${subType.toLowerCase()} ${id}` };
}

/**
 * ONTRAPORT `addToCampaign`: `PUT /objects/subscribe` with `sub_type=Campaign`; a contact
 * already in the campaign stays in it once.
 */
export const ontraportAddToCampaign = (run: ActionRun) => subscribe(run, "campaignName", "Campaign");

/** ONTRAPORT `addToSequence`: `PUT /objects/subscribe` with `sub_type=Sequence`. */
export const ontraportAddToSequence = (run: ActionRun) => subscribe(run, "sequenceName", "Sequence");

/**
 * ONTRAPORT `delete`: removes the registrant's contact (`DELETE /Contact?id=`); skipped when
 * Ontraport has no contact of that email (so a retry after a lost answer is skipped).
 */
export async function ontraportDelete({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const contact = await findContact(service, job.registrant.email.trim());
  if (!contact) return { status: "skipped", reason: "the registrant is not an Ontraport contact" };
  await ontraportPeer(service, `/Contact?${new URLSearchParams({ id: contact })}`, { method: "DELETE" });
  return { status: "sent", detail: `contact ${contact} deleted` };
}
