import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { folderPeerPath, icPeer } from "./api.js";

interface Contacts {
  contacts?: Array<{ contactId?: number | string }>;
}

/** The registrant's contact id in the folder (`GET …/contacts?email=`), or undefined. */
async function findContact({ job, service }: ActionRun, folder: string): Promise<string | undefined> {
  const { body } = await icPeer<Contacts>(service, `${folder}/contacts?email=${encodeURIComponent(job.registrant.email)}`);
  const id = body?.contacts?.[0]?.contactId;
  return id === undefined ? undefined : String(id);
}

/**
 * ICONTACT `moveList`: the contact by email, created with its names when missing (`POST
 * …/contacts` — iContact overwrites an existing contact's fields on create, so it is looked up
 * first), then subscribed to the list (`POST …/subscriptions` `[{contactId, listId, status:
 * "normal"}]`). Both are safe to repeat: the lookup finds the contact a lost answer created, and
 * iContact keeps one subscription per contact and list.
 */
export async function moveList(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const folder = await folderPeerPath(service);
  let contact = await findContact(run, folder);
  if (!contact) {
    const [firstName = "", ...rest] = job.registrant.name.trim().split(/\s+/);
    const { body } = await icPeer<Contacts>(service, `${folder}/contacts`, {
      json: [{ email: job.registrant.email, firstName, lastName: rest.join(" ") }],
    });
    const id = body?.contacts?.[0]?.contactId;
    if (id === undefined) throw new PermanentActionError(`${service.label} answered without a contact id.`);
    contact = String(id);
  }
  const list = modelText(job, "listName");
  const { status } = await icPeer(service, `${folder}/subscriptions`, {
    json: [{ contactId: contact, listId: list, status: "normal" }],
  });
  return { status: "sent", detail: `contact ${contact} subscribed to list ${list} (HTTP ${status})` };
}

/**
 * ICONTACT `delete`: the contact by email, then `DELETE …/contacts/{contactId}`; skipped when
 * iContact has no such contact (so a retry after a lost answer is a skip).
 */
export async function deleteContact(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const folder = await folderPeerPath(service);
  const contact = await findContact(run, folder);
  if (!contact) return { status: "skipped", reason: "the registrant is not an iContact contact" };
  const { status } = await icPeer(service, `${folder}/contacts/${encodeURIComponent(contact)}`, { method: "DELETE", allow: [404] });
  if (status === 404) return { status: "skipped", reason: "the registrant is not an iContact contact" };
  return { status: "sent", detail: `contact ${contact} deleted (HTTP ${status})` };
}
