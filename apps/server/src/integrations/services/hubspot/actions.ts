import { asAction } from "../../actions/errors.js";
import { callPeer } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { hubspotToken } from "./token.js";

/** The bearer header of an action: the check's token (OAuth grant, else private-app token). */
async function bearer({ service }: ActionRun) {
  const token = await asAction(() => hubspotToken(service));
  return { service, label: service.label, headers: { authorization: `Bearer ${token}` } };
}

/**
 * HUBSPOT `addToWorkflow`: `POST /automation/v2/workflows/{workflowId}/enrollments/contacts/{email}`
 * on api.hubapi.com (rebased by CUEPOINT_HUBSPOT_BASE_URL), `Authorization: Bearer <token>`.
 *
 * @example
 * await hubspotAddToWorkflow(run); // { status: "sent", detail: "enrolled in workflow 4567 (HTTP 204)" }
 */
export async function hubspotAddToWorkflow(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const { service, label, headers } = await bearer(run);
  const workflow = modelText(job, "workflowName");
  const path = `/automation/v2/workflows/${encodeURIComponent(workflow)}/enrollments/contacts/${encodeURIComponent(job.registrant.email)}`;
  const { status } = await callPeer(label, service.url(`https://api.hubapi.com${path}`), { method: "POST", headers });
  return { status: "sent", detail: `enrolled in workflow ${workflow} (HTTP ${status})` };
}

/**
 * HUBSPOT `moveList`: adds the registrant to a static contact list, `POST
 * /contacts/v1/lists/{listId}/add` `{emails: [email]}`.
 */
export async function hubspotMoveList(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const { service, label, headers } = await bearer(run);
  const list = modelText(job, "listName");
  const url = service.url(`https://api.hubapi.com/contacts/v1/lists/${encodeURIComponent(list)}/add`);
  const { status } = await callPeer(label, url, { headers, json: { emails: [job.registrant.email] } });
  return { status: "sent", detail: `added to list ${list} (HTTP ${status})` };
}

/**
 * HUBSPOT `delete`: finds the registrant's contact by email (`GET
 * /crm/v3/objects/contacts/{email}?idProperty=email`) and deletes it (`DELETE
 * /crm/v3/objects/contacts/{id}`): HubSpot archives it, restorable for 90 days — not the GDPR
 * erasure (`…/gdpr-delete`), which is for privacy requests and would keep the address from ever
 * coming back. No contact (never added, or already deleted: a retry after a lost answer) → skipped.
 */
export async function hubspotDelete(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  const email = job.registrant.email.trim();
  if (!email) return NO_EMAIL;
  const { service, label, headers } = await bearer(run);
  const contacts = "https://api.hubapi.com/crm/v3/objects/contacts";
  const found = await callPeer<{ id?: string }>(label, service.url(`${contacts}/${encodeURIComponent(email)}?idProperty=email`), {
    headers,
    allow: [404],
  });
  const id = found.status === 404 ? undefined : found.body?.id;
  if (!id) return { status: "skipped", reason: "the registrant is not (or no longer) a HubSpot contact" };
  const { status } = await callPeer(label, service.url(`${contacts}/${encodeURIComponent(id)}`), { method: "DELETE", headers });
  return { status: "sent", detail: `contact ${id} deleted (HubSpot keeps it restorable for 90 days) (HTTP ${status})` };
}
