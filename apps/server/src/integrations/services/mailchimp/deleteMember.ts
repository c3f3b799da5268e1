import { asAction } from "../../actions/errors.js";
import { callPeer } from "../../actions/http.js";
import { NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { subscriberHash } from "./actions.js";

interface Found {
  exact_matches?: { members?: Array<{ list_id?: string; email_address?: string; status?: string }> };
}

/**
 * MAILCHIMP · delete: archives the registrant in every audience of the account it is in — found
 * with `GET /3.0/search-members?query={email}` (its exact matches, any audience), each archived
 * with `DELETE /3.0/lists/{list_id}/members/{md5(lower(email))}`.
 *
 * Archive, not permanent delete (`POST …/actions/delete-permanent`): archiving removes the
 * contact from the audience (no more mail, not counted), keeps its history in reports, and can be
 * undone — a later registration's addTag or moveList adds the person back. A permanent delete is
 * an erasure for privacy requests: Mailchimp then refuses ever to import that address again, so a
 * timeline action would lock the registrant out of every future webinar's audience. A member
 * already archived (or gone: 404, a retry after a lost answer) is left as it is.
 */
export async function mailchimpDelete(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  const email = job.registrant.email.trim();
  if (!email) return NO_EMAIL;
  const { label } = service;
  const dc = service.meta.dc;
  if (!dc) throw new PermanentActionError(`${label}: reconnect the integration (its data centre is unknown).`);
  const headers = { authorization: `Bearer ${await asAction(() => service.accessToken())}` };
  const api = (path: string) => service.url(`https://${dc}.api.mailchimp.com/3.0${path}`);
  const { body } = await callPeer<Found>(label, api(`/search-members?${new URLSearchParams({ query: email, fields: "exact_matches.members.list_id,exact_matches.members.email_address,exact_matches.members.status" })}`), { headers });
  const found = (body?.exact_matches?.members ?? []).filter(
    (member) => member.list_id && member.email_address?.toLowerCase() === email.toLowerCase(),
  );
  const audiences = [...new Set(found.filter((member) => member.status !== "archived").map((member) => member.list_id as string))];
  if (audiences.length === 0) {
    // A retry after a lost answer finds the member archived already: that was this action.
    return job.attempt > 1 && found.length > 0
      ? { status: "sent", detail: "already archived (on an earlier try)" }
      : { status: "skipped", reason: "the registrant is not (or no longer) in any Mailchimp audience" };
  }
  const hash = subscriberHash(email);
  for (const list of audiences) {
    await callPeer(label, api(`/lists/${encodeURIComponent(list)}/members/${hash}`), { method: "DELETE", headers, allow: [404] });
  }
  return { status: "sent", detail: `archived in audience${audiences.length === 1 ? "" : "s"} ${audiences.join(", ")}` };
}
