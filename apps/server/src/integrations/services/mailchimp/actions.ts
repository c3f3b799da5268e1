import { createHash } from "node:crypto";
import { normalizeTagName } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionJob, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";

/** Mailchimp's member id in an audience: the MD5 of the lower-cased email address. */
export const subscriberHash = (email: string): string =>
  createHash("md5").update(email.trim().toLowerCase()).digest("hex");

interface Member {
  /** The service's name for messages. */
  label: string;
  /** `.../3.0/lists/{list}/members/{hash}`, rebased. */
  url: string;
  headers: Record<string, string>;
}

/** The registrant as a member of the node's audience (`model.listName`), with the OAuth token. */
async function member({ job, service }: ActionRun): Promise<Member> {
  const { label } = service;
  const dc = service.meta.dc;
  if (!dc) throw new PermanentActionError(`${label}: reconnect the integration (its data centre is unknown).`);
  const token = await asAction(() => service.accessToken());
  const list = encodeURIComponent(modelText(job, "listName"));
  return {
    label,
    url: service.url(`https://${dc}.api.mailchimp.com/3.0/lists/${list}/members/${subscriberHash(job.registrant.email)}`),
    headers: { authorization: `Bearer ${token}` },
  };
}

/** Adds or updates the registrant in the audience (subscribed when new), with first and last name. */
async function upsert(job: ActionJob, { url, headers, label }: Member): Promise<number> {
  const [first = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const { status } = await callPeer(label, url, {
    method: "PUT",
    headers,
    json: {
      email_address: job.registrant.email,
      status_if_new: "subscribed",
      merge_fields: { FNAME: first, LNAME: rest.join(" ") },
    },
  });
  return status;
}

/** Sets one tag active or inactive on a member (`POST …/members/{hash}/tags`). */
async function setTag(job: ActionJob, target: Member, status: "active" | "inactive") {
  const name = normalizeTagName(modelText(job, "tagName"));
  return callPeer(target.label, `${target.url}/tags`, {
    headers: target.headers,
    json: { tags: [{ name, status }] },
    allow: status === "inactive" ? [404] : [],
  });
}

/**
 * MAILCHIMP `addTag`: upserts the registrant into the audience (`PUT /3.0/lists/{list}/members/
 * {md5(email)}`, `status_if_new: "subscribed"`), then `POST …/tags` with the lower-cased tag
 * `active`. Bearer OAuth token, host `{dc}.api.mailchimp.com` (rebased by CUEPOINT_MAILCHIMP_BASE_URL).
 *
 * @example
 * await mailchimpAddTag(run); // { status: "sent", detail: "tag \"vip\" added (HTTP 204)" }
 */
export async function mailchimpAddTag(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const target = await member(run);
  await upsert(job, target);
  const { status } = await setTag(job, target, "active");
  return { status: "sent", detail: `tag "${normalizeTagName(modelText(job, "tagName"))}" added (HTTP ${status})` };
}

/** MAILCHIMP `removeTag`: `POST …/members/{hash}/tags` with the tag `inactive`; skipped when not a member. */
export async function mailchimpRemoveTag(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const target = await member(run);
  const { status } = await setTag(job, target, "inactive");
  if (status === 404) return { status: "skipped", reason: "the registrant is not in this Mailchimp audience" };
  return { status: "sent", detail: `tag "${normalizeTagName(modelText(job, "tagName"))}" removed (HTTP ${status})` };
}

/**
 * MAILCHIMP `moveList` ("Move to audience"): upserts the registrant into the node's audience.
 * Mailchimp has no "current audience" to leave, so nothing is removed elsewhere.
 */
export async function mailchimpMoveList(run: ActionRun): Promise<ActionOutcome> {
  const { job } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const target = await member(run);
  const status = await upsert(job, target);
  return { status: "sent", detail: `added to audience ${modelText(job, "listName")} (HTTP ${status})` };
}
