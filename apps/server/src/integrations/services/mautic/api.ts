import type { ServiceList } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import { isRebased } from "../../endpoints.js";
import { pinnedAddress } from "../../publicHost.js";
import { ServiceError, type RawServiceRequest } from "../../serviceCall.js";
import type { ServiceContext } from "../types.js";

/**
 * Mautic's REST API on the host's own instance (`api_domain`, e.g. https://mautic.example.com,
 * then `/api/…`), HTTP Basic with a Mautic user (`api_username`, `api_pass`; basic auth must be
 * enabled in Mautic's API settings). Collections are paged by `start` and `limit`.
 */
const LIMIT = 100;
/** At most this many pages per list, so a runaway instance cannot hold a request forever. */
const MAX_PAGES = 30;

interface Target {
  url: string;
  request: RawServiceRequest;
}

/**
 * The instance address is typed by a person: it must not lead into the server's network, unless
 * the operator rebased the kind; the call connects to the address checked (`pinnedAddress`).
 * Answers undefined when the address or the login is missing.
 */
async function target(ctx: ServiceContext, path: string, request: RawServiceRequest): Promise<Target | undefined> {
  const base = (ctx.credentials.api_domain ?? "").trim().replace(/\/+$/, "");
  const user = ctx.credentials.api_username ?? "";
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol) || !user || !ctx.credentials.api_pass) return undefined;
  const pin = isRebased(ctx.kind) ? undefined : await pinnedAddress(new URL(base), ctx.label);
  const authorization = `Basic ${Buffer.from(`${user}:${ctx.credentials.api_pass}`).toString("base64")}`;
  return { url: ctx.url(`${base}/api${path}`), request: { ...request, pin, headers: { authorization, ...request.headers } } };
}

/** One call from a check or a list read (errors as ServiceError, Mautic's words). */
export async function mauticCall<T>(ctx: ServiceContext, path: string): Promise<T> {
  const found = await target(ctx, path, {});
  if (!found) throw new ServiceError(`${ctx.label}: enter the Mautic address, username and password.`, "refused");
  return ctx.call<T>(found.url, found.request);
}

/** One call from an action executor (errors as Retryable/PermanentActionError, Mautic's words). */
export async function mauticPeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  const found = await asAction(() => target(ctx, path, request));
  if (!found) throw new PermanentActionError(`${ctx.label}: the integration needs its Mautic address, username and password.`);
  return callPeer<T>(ctx.label, found.url, { ...request, ...found.request });
}

/** The rows of an answer: Mautic sends a collection as an array or as an object keyed by id. */
export const rowsOf = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value as T[]) : value && typeof value === "object" ? (Object.values(value) as T[]) : [];

async function readAll(get: <T>(path: string) => Promise<T>, resource: string, key: string, name: string): Promise<ServiceList[]> {
  const items: ServiceList[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ start: String(page * LIMIT), limit: String(LIMIT), minimal: "true" });
    const body = await get<Record<string, unknown>>(`/${resource}?${query}`);
    const rows = rowsOf<Record<string, unknown>>(body?.[key]);
    for (const row of rows) items.push({ id: String(row.id), name: String(row[name] ?? row.id) });
    if (rows.length < LIMIT) break;
  }
  return items;
}

/** The lists Mautic's actions pick from: tags (by name), segments (`lists`) and campaigns. */
export async function mauticLists(get: <T>(path: string) => Promise<T>): Promise<Record<"tags" | "lists" | "campaigns", ServiceList[]>> {
  return {
    tags: await readAll(get, "tags", "tags", "tag"),
    lists: await readAll(get, "segments", "lists", "name"),
    campaigns: await readAll(get, "campaigns", "campaigns", "name"),
  };
}
