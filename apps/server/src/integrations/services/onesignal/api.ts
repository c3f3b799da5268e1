import { createHash } from "node:crypto";
import type { ServiceContext } from "../types.js";

/** OneSignal's API origin; `CUEPOINT_ONESIGNAL_BASE_URL` rebases it. */
export const ONESIGNAL_API = "https://api.onesignal.com";

/** Templates per page of View templates (its maximum), and the pages read at most. */
const PAGE = 50;
const MAX_PAGES = 20;

/** The integration's App ID and REST API key, trimmed. */
export const appCredentials = (credentials: Record<string, string>) => ({
  appId: (credentials.app_id ?? "").trim(),
  key: (credentials.rest_api_key ?? "").trim(),
});

/** OneSignal's documented scheme for an App API key: `Authorization: Key <key>`. */
export const authorization = (key: string) => ({ authorization: `Key ${key}` });

export interface TemplatesPage {
  templates?: Array<{ id?: string; name?: string }>;
  total_count?: number;
}

/** One page of View templates (`GET /templates?app_id=&limit=&offset=`). */
export async function templatesPage(ctx: ServiceContext, limit: number, offset: number): Promise<TemplatesPage> {
  const { appId, key } = appCredentials(ctx.credentials);
  const query = new URLSearchParams({ app_id: appId, limit: String(limit), offset: String(offset) });
  return (await ctx.call<TemplatesPage>(ctx.url(`${ONESIGNAL_API}/templates?${query}`), { headers: authorization(key) })) ?? {};
}

/**
 * The app's templates, every page (50 a page, OneSignal's maximum).
 *
 * @example
 * await templates(ctx); // [{ id: "9e778dd4-…", name: "Webinar starting" }]
 */
export async function templates(ctx: ServiceContext): Promise<Array<{ id: string; name: string }>> {
  const found: Array<{ id: string; name: string }> = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await templatesPage(ctx, PAGE, page * PAGE);
    const rows = answer.templates ?? [];
    for (const row of rows) if (row.id) found.push({ id: row.id, name: row.name || row.id });
    if (rows.length < PAGE || found.length >= Number(answer.total_count ?? 0)) break;
  }
  return found;
}

/**
 * A UUID (version 4 layout) derived from the job's idempotency key: OneSignal's
 * `idempotency_key` must be a UUID, and the same job must send the same one on every attempt.
 *
 * @example
 * idempotencyUuid("node-1:reg-7:evt-3"); // "5b0f…-…-4…-8…-…"
 */
export function idempotencyUuid(key: string): string {
  const hex = createHash("sha256").update(`cuepoint:${key}`).digest("hex").slice(0, 32).split("");
  hex[12] = "4";
  hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20, 32)}`;
}
