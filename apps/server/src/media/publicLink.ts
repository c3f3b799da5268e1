import { createHmac, timingSafeEqual } from "node:crypto";
import type { Orm } from "../db/types.js";
import { purposeKey } from "../auth/sealing.js";

/**
 * Signed, expiring public links to one media file, for services that fetch a file themselves
 * (Twilio fetches an MMS image from its `MediaUrl`): `{PUBLIC_URL}/api/public/media/{id}?expires=
 * <unix seconds>&signature=<hex>`, where the signature is HMAC-SHA256 of `{id}.{expires}` under a
 * key derived (HKDF) from the server's secret key (`CUEPOINT_SECRET_KEY`, else the generated one:
 * `auth/sealing.ts`). Anyone holding the link reads that one file until it expires;
 * nothing else is reachable with it, and a changed id or expiry breaks the signature.
 */

/** The path of a media link below the public URL. */
export const MEDIA_LINK_PATH = "/api/public/media";

/** How long a link made for a service stays valid: long enough for a queued message to be sent. */
export const MEDIA_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The links' key: HKDF-SHA256 of the server's secret key, for this one purpose. */
export const mediaLinkKey = (orm: Orm): Promise<Buffer> => purposeKey(orm, "cuepoint media link v1");

const signature = (key: Buffer, mediaId: string, expires: number) =>
  createHmac("sha256", key).update(`${mediaId}.${expires}`).digest("hex");

/**
 * A public link to the media file `mediaId`, valid until `expiresAt` (whole seconds).
 *
 * @example
 * await signedMediaUrl(orm, "https://app.example.com", id, new Date(Date.now() + MEDIA_LINK_TTL_MS));
 * // "https://app.example.com/api/public/media/5f1…?expires=1709740800&signature=9c2…"
 */
export async function signedMediaUrl(orm: Orm, publicURL: string, mediaId: string, expiresAt: Date): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(await mediaLinkKey(orm), mediaId, expires) });
  return `${publicURL.replace(/\/+$/, "")}${MEDIA_LINK_PATH}/${encodeURIComponent(mediaId)}?${query}`;
}

/** Whether a link's `expires` and `signature` are the server's for `mediaId`, and still valid at `now`. */
export async function checkMediaLink(
  orm: Orm,
  mediaId: string,
  link: { expires: string; signature: string },
  now: Date,
): Promise<"valid" | "expired" | "invalid"> {
  if (!/^\d{1,12}$/.test(link.expires) || !/^[0-9a-f]{64}$/.test(link.signature)) return "invalid";
  const expected = Buffer.from(signature(await mediaLinkKey(orm), mediaId, Number(link.expires)), "hex");
  if (!timingSafeEqual(expected, Buffer.from(link.signature, "hex"))) return "invalid";
  return now.getTime() > Number(link.expires) * 1000 ? "expired" : "valid";
}
