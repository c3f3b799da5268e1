import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionExecutor } from "../types.js";
import { actionPeer, NOT_IN_LIST } from "./api.js";

/*
 * Campaign Monitor's executors. It takes no idempotency key; adding a subscriber updates one
 * that exists (an upsert), and deleting one that is already deleted answers "Subscriber not in
 * list", so a retry after a lost answer does not act twice.
 */

/**
 * CAMPAIGNMONITOR `moveList`: adds the registrant to the node's list (`POST
 * /subscribers/{listid}.json` `{ EmailAddress, Name, CustomFields: [], Resubscribe: true,
 * ConsentToTrack: "Unchanged" }`); an existing subscriber is updated and, if they had
 * unsubscribed from this list, subscribed again (the host asked for it).
 *
 * @example
 * await campaignMonitorMoveList(run); // { status: "sent", detail: "ada@example.com added to list 8c… (HTTP 201)" }
 */
export const campaignMonitorMoveList: ActionExecutor = async (run): Promise<ActionOutcome> => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const peer = await actionPeer(run);
  const list = modelText(run.job, "listName");
  const { status, body } = await peer.call<string>(`/subscribers/${encodeURIComponent(list)}.json`, {
    json: {
      EmailAddress: run.job.registrant.email,
      Name: run.job.registrant.name.trim(),
      CustomFields: [],
      Resubscribe: true,
      ConsentToTrack: "Unchanged",
    },
  });
  return { status: "sent", detail: `${typeof body === "string" ? body : run.job.registrant.email} added to list ${list} (HTTP ${status})` };
};

/**
 * CAMPAIGNMONITOR `delete`: deletes the registrant from every list of every client of the account
 * (`DELETE /subscribers/{listid}.json?email=`); lists they are not on answer code 203 and are
 * passed over; skipped when they are on none.
 */
export const campaignMonitorDelete: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const peer = await actionPeer(run);
  const query = new URLSearchParams({ email: run.job.registrant.email });
  const deleted: string[] = [];
  for (const list of await peer.lists()) {
    const { status, body } = await peer.call<{ Code?: number; Message?: string }>(`/subscribers/${encodeURIComponent(list.id)}.json?${query}`, {
      method: "DELETE",
      allow: [400],
    });
    if (status === 400 && body?.Code === NOT_IN_LIST) continue;
    if (status === 400) throw new PermanentActionError(`${peer.label} answered HTTP 400: ${body?.Message ?? "Bad request"}`);
    deleted.push(list.id);
  }
  if (deleted.length === 0) return { status: "skipped", reason: "the registrant is on no Campaign Monitor list" };
  return { status: "sent", detail: `deleted from list ${deleted.join(", ")}` };
};
