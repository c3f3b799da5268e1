import { createHmac, timingSafeEqual } from "node:crypto";
import type { Orm } from "../../db/types.js";
import { purposeKey } from "../../auth/sealing.js";

/**
 * The signed render time the hosted page and its frame carry in the form
 * (`REGISTRATION_RENDERED_FIELD`): `{renderedAt ms}.{HMAC-SHA256 of "{timelineId}.{renderedAt}"}`
 * under a key derived (HKDF) from the server's secret key, for this one purpose. A post that
 * carries one is refused when it is not ours, not for this timeline, sent sooner than a person can
 * fill in a form, or older than a day (see README.md, "Spam without script").
 */

/** Faster than this after the render is a script filling the form, not a person. */
export const MIN_FILL_MS = 2_500;
/** A render time older than this is not taken (a captured one cannot be replayed for ever). */
export const MAX_AGE_MS = 24 * 60 * 60_000;

const renderKey = (orm: Orm): Promise<Buffer> => purposeKey(orm, "cuepoint registration render v1");

const mac = (key: Buffer, timelineId: string, renderedAt: number) =>
  createHmac("sha256", key).update(`${timelineId}.${renderedAt}`).digest("base64url");

/**
 * The render token of a form of `timelineId` rendered at `now`.
 *
 * @example
 * await renderToken(orm, timelineId, new Date()); // "1764107000000.Xy3…"
 */
export async function renderToken(orm: Orm, timelineId: string, now: Date): Promise<string> {
  const renderedAt = now.getTime();
  return `${renderedAt}.${mac(await renderKey(orm), timelineId, renderedAt)}`;
}

/** What a posted render token says: none sent, ours and sound, or why it is refused. */
export type RenderCheck = { ok: true; sent: boolean } | { ok: false; reason: "forged" | "too-fast" | "expired" };

/**
 * Checks a posted render token against `timelineId` at `now`. An absent token is `{ ok: true,
 * sent: false }`: a static snippet pasted into a page builder cannot carry one.
 */
export async function checkRenderToken(orm: Orm, timelineId: string, token: string | undefined, now: Date): Promise<RenderCheck> {
  if (!token) return { ok: true, sent: false };
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "forged" };
  const renderedAt = Number(match[1]);
  const expected = Buffer.from(mac(await renderKey(orm), timelineId, renderedAt));
  const given = Buffer.from(match[2] as string);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "forged" };
  const age = now.getTime() - renderedAt;
  if (age < MIN_FILL_MS) return { ok: false, reason: "too-fast" };
  if (age > MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, sent: true };
}
