import type { ServiceList } from "@cuepoint/sdk";
import { normalizeTagName } from "@cuepoint/sdk";
import { asAction, isRetryableStatus } from "../../actions/errors.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { exchange, ServiceError, vendorMessage, type RawServiceRequest } from "../../serviceCall.js";
import type { ActionRun, ServiceContext } from "../types.js";

/**
 * Constant Contact API v3 (https://api.cc.email/v3) with an OAuth 2.0 token (`Authorization:
 * Bearer`, refreshed through `offline_access`). Its error bodies are arrays of `{ error_key,
 * error_message }`, so calls go through `exchange` here and are judged with those words.
 * Collections are cursor-paged: `_links.next.href` names the next page.
 */
export const CC_ORIGIN = "https://api.cc.email";
/** At most this many pages per collection, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 20;

export interface CcContact {
  contact_id: string;
  email_address?: { address?: string };
  list_memberships?: string[];
  taggings?: string[];
  deleted_at?: string;
}

/** Constant Contact's words in an error body (`[{ error_key, error_message }]`), else the usual keys. */
export function ccWords(body: unknown): string | undefined {
  const first = Array.isArray(body) ? (body[0] as { error_message?: unknown } | undefined) : undefined;
  if (typeof first?.error_message === "string" && first.error_message) return first.error_message;
  return vendorMessage(body);
}

type Answer<T> = { status: number; body: T };

/** One call: the answer of a 2xx (or of an `allow`ed status); anything else as `fail` builds it. */
async function send<T>(
  label: string,
  url: string,
  request: RawServiceRequest & { allow?: readonly number[] },
  fail: (message: string, status?: number) => Error,
): Promise<Answer<T>> {
  const outcome = await exchange(label, url, request);
  if (outcome.kind === "unreachable") throw fail(outcome.message);
  // A redirect is not followed (it could carry the token elsewhere): a refusal, not worth retrying.
  if (outcome.kind === "redirect") throw fail(outcome.message, 300);
  if (!outcome.ok && !request.allow?.includes(outcome.status)) {
    const words = ccWords(outcome.body);
    throw fail(`${label} answered HTTP ${outcome.status}${words ? `: ${words}` : ""}`, outcome.status);
  }
  return { status: outcome.status, body: outcome.body as T };
}

/** A check's or a list route's call (`ServiceError`: refused → 422, unreachable or 5xx → 502). */
export async function get<T>(ctx: ServiceContext, path: string): Promise<T> {
  const headers = { authorization: `Bearer ${await ctx.accessToken()}` };
  const { body } = await send<T>(ctx.label, ctx.url(`${CC_ORIGIN}${path}`), { headers }, (message, status) =>
    new ServiceError(message, status === undefined || status >= 500 ? "unreachable" : "refused", status),
  );
  return body;
}

async function readAll<T>(ctx: ServiceContext, first: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  let path: string | undefined = first;
  for (let page = 0; path && page < MAX_PAGES; page++) {
    const body: Record<string, unknown> & { _links?: { next?: { href?: string } } } = await get(ctx, path);
    rows.push(...((Array.isArray(body?.[key]) ? body[key] : []) as T[]));
    // The next page's link is a path on the same API (only a path is followed, never another host).
    const next = body?._links?.next?.href;
    path = next?.startsWith("/v3/") ? next : undefined;
  }
  return rows;
}

/** The account's contact `lists` and `tags`. */
export async function listsAndTags(ctx: ServiceContext): Promise<{ lists: ServiceList[]; tags: ServiceList[] }> {
  const lists = await readAll<{ list_id: string; name: string }>(ctx, "/v3/contact_lists?limit=1000", "lists");
  const tags = await readAll<{ tag_id: string; name: string }>(ctx, "/v3/contact_tags?limit=500", "tags");
  return {
    lists: lists.map((list) => ({ id: list.list_id, name: list.name })),
    tags: tags.map((tag) => ({ id: tag.tag_id, name: tag.name })),
  };
}

/** An action's calls: Retryable (network, 5xx, 408, 429) or Permanent errors in Constant Contact's words. */
export interface CcPeer {
  label: string;
  call<T = unknown>(path: string, request?: RawServiceRequest & { allow?: readonly number[] }): Promise<Answer<T>>;
}

export async function actionPeer(run: ActionRun): Promise<CcPeer> {
  const { service } = run;
  const token = await asAction(() => service.accessToken());
  const label = service.label;
  return {
    label,
    call: (path, request = {}) =>
      send(label, service.url(`${CC_ORIGIN}${path}`), { ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } }, (message, status) =>
        status === undefined || isRetryableStatus(status) ? new RetryableActionError(message) : new PermanentActionError(message),
      ),
  };
}

/** The registrant's contact with its lists and tags (`GET /v3/contacts?email=…&include=…`), or undefined. */
export async function contactOf(peer: CcPeer, email: string): Promise<CcContact | undefined> {
  const query = new URLSearchParams({ email, include: "list_memberships,taggings" });
  const { body } = await peer.call<{ contacts?: CcContact[] }>(`/v3/contacts?${query}`);
  return body?.contacts?.find((c) => !c.deleted_at && c.email_address?.address?.toLowerCase() === email.toLowerCase());
}

type TagPage = { tags?: Array<{ tag_id: string; name: string }>; _links?: { next?: { href?: string } } };

/** The id of the tag of this (lower-cased) name, created (`POST /v3/contact_tags`) when missing. */
export async function tagIdOf(peer: CcPeer, tagName: string): Promise<{ id: string; name: string }> {
  const name = normalizeTagName(tagName);
  let path: string | undefined = "/v3/contact_tags?limit=500";
  for (let page = 0; path && page < MAX_PAGES; page++) {
    const answer: Answer<TagPage> = await peer.call<TagPage>(path);
    const found = answer.body?.tags?.find((tag) => normalizeTagName(tag.name) === name);
    if (found) return { id: found.tag_id, name };
    const next: string | undefined = answer.body?._links?.next?.href;
    path = next?.startsWith("/v3/") ? next : undefined;
  }
  const { body } = await peer.call<{ tag_id: string }>("/v3/contact_tags", { json: { name, tag_source: "Cuepoint" } });
  return { id: body.tag_id, name };
}

/** The registrant's name split as Constant Contact keeps it. */
export function namesOf(run: ActionRun): { first_name?: string; last_name?: string } {
  const [first = "", ...rest] = run.job.registrant.name.trim().split(/\s+/);
  return { ...(first && { first_name: first }), ...(rest.length > 0 && { last_name: rest.join(" ") }) };
}
