import { normalizeTagName } from "@cuepoint/sdk";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionExecutor, ActionRun } from "../types.js";
import { actionPeer, findEverywhere, findOnList, listLink, type AWeberPeer } from "./api.js";

/*
 * AWeber's executors. AWeber accepts no idempotency key, so each one looks first and writes
 * second: a retry after a lost answer finds the subscriber (or its tag, or its new list) already
 * there and does not write twice. Tag writes are set operations (`tags: { add | remove }`).
 */

const ready = async (run: ActionRun) => {
  requireReady(run.job);
  return actionPeer(run);
};

const subscribers = (list: string) => `/lists/${encodeURIComponent(list)}/subscribers`;

/** A new subscriber on `list` (`POST …/subscribers` `{ email, name, tags }`): AWeber answers 201 with its Location. */
async function subscribe(peer: AWeberPeer, run: ActionRun, list: string, tags: string[]) {
  const { email, name } = run.job.registrant;
  return peer.call(subscribers(list), { json: { email, ...(name.trim() && { name: name.trim() }), tags } });
}

/**
 * AWEBER `addTag`: the registrant on the node's list gets the tag (`PATCH
 * …/subscribers/{id}` `{ tags: { add: [tag] } }`); a registrant not on the list is subscribed
 * with the tag (`POST …/subscribers`).
 *
 * @example
 * await aweberAddTag(run); // { status: "sent", detail: 'tag "vip" added to subscriber 9 (HTTP 209)' }
 */
export const aweberAddTag: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await ready(run);
  const list = modelText(run.job, "listName");
  const tag = normalizeTagName(modelText(run.job, "tagName"));
  const found = await findOnList(peer, list, run.job.registrant.email);
  if (!found) {
    const { status } = await subscribe(peer, run, list, [tag]);
    return { status: "sent", detail: `subscribed to list ${list} with tag "${tag}" (HTTP ${status})` };
  }
  if (found.tags?.includes(tag)) return { status: "sent", detail: `subscriber ${found.id} already has tag "${tag}"` };
  const { status } = await peer.call(`${subscribers(list)}/${found.id}`, { method: "PATCH", json: { tags: { add: [tag] } } });
  return { status: "sent", detail: `tag "${tag}" added to subscriber ${found.id} (HTTP ${status})` };
};

/**
 * AWEBER `removeTag`: `PATCH …/subscribers/{id}` `{ tags: { remove: [tag] } }`; skipped when the
 * registrant is not on the list or does not carry the tag.
 */
export const aweberRemoveTag: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await ready(run);
  const list = modelText(run.job, "listName");
  const tag = normalizeTagName(modelText(run.job, "tagName"));
  const found = await findOnList(peer, list, run.job.registrant.email);
  if (!found) return { status: "skipped", reason: "the registrant is not on this AWeber list" };
  if (!found.tags?.includes(tag)) return { status: "skipped", reason: `the subscriber does not have tag "${tag}"` };
  const { status } = await peer.call(`${subscribers(list)}/${found.id}`, { method: "PATCH", json: { tags: { remove: [tag] } } });
  return { status: "sent", detail: `tag "${tag}" removed from subscriber ${found.id} (HTTP ${status})` };
};

/**
 * AWEBER `moveList`: a subscriber of another list of the account is moved to the node's list
 * (`POST …/subscribers/{id}` `{ "ws.op": "move", list_link }`, which keeps its tags and fields);
 * someone on no list is subscribed to it; someone already on it is left as is.
 */
export const aweberMoveList: ActionExecutor = async (run): Promise<ActionOutcome> => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await ready(run);
  const list = modelText(run.job, "listName");
  const everywhere = await findEverywhere(peer, run.job.registrant.email);
  if (everywhere.some((entry) => entry.list === list)) return { status: "sent", detail: `already on list ${list}` };
  const from = everywhere[0];
  if (!from) {
    const { status } = await subscribe(peer, run, list, []);
    return { status: "sent", detail: `subscribed to list ${list} (HTTP ${status})` };
  }
  const { status } = await peer.call(`${subscribers(from.list)}/${from.id}`, {
    json: { "ws.op": "move", list_link: listLink(peer.account, list) },
  });
  return { status: "sent", detail: `moved from list ${from.list} to list ${list} (HTTP ${status})` };
};

/**
 * AWEBER `delete`: deletes the registrant's subscriber on every list of the account
 * (`DELETE …/lists/{list}/subscribers/{id}`, found by `ws.op=findSubscribers`); skipped when
 * there is none.
 */
export const aweberDelete: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await ready(run);
  const everywhere = await findEverywhere(peer, run.job.registrant.email);
  if (everywhere.length === 0) return { status: "skipped", reason: "the registrant is not an AWeber subscriber" };
  const done: string[] = [];
  for (const entry of everywhere) {
    const { status } = await peer.call(`${subscribers(entry.list)}/${entry.id}`, { method: "DELETE" });
    done.push(`list ${entry.list} (HTTP ${status})`);
  }
  return { status: "sent", detail: `subscriber deleted from ${done.join(", ")}` };
};
