import { and, eq, inArray } from "drizzle-orm";
import type { GeneralSetting } from "@cuepoint/sdk";
import { media, type MediaRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { isUuid } from "../http/ids.js";

export interface Branding {
  logoUrl: string | null;
  faviconUrl: string | null;
  backgroundUrl: string | null;
  countdownImageUrl: string | null;
}

/** The settings that name a branding image: a media id of the account, or an https address. */
const brandingValues = (general: GeneralSetting) => ({
  logoUrl: general.hls.logo,
  faviconUrl: general.hls.favicon,
  backgroundUrl: general.hls.preBackground,
  countdownImageUrl: general.countdown.image,
});

const isHttps = (value: string): boolean => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

/** The media ids the timeline's branding names: the only images `…/media/{id}` serves for a link. */
export const brandingMediaIds = (general: GeneralSetting): string[] =>
  [...new Set(Object.values(brandingValues(general)).map((value) => value.trim()))].filter(isUuid);

/**
 * The branding image of a link: the account's own image, only when the timeline's branding names it.
 * Another account's id, a video, a folder, or an id the branding does not name: undefined.
 */
export async function brandingImage(orm: Orm, accountId: string, general: GeneralSetting, mediaId: string): Promise<MediaRow | undefined> {
  if (!brandingMediaIds(general).includes(mediaId)) return undefined;
  const [row] = await orm
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.accountId, accountId), eq(media.type, "image")));
  return row?.storageKey ? row : undefined;
}

/**
 * The branding of a room as URLs the page may load: an account image becomes
 * `/api/public/room/{token}/media/{id}`; an https address passes through; anything else (another
 * account's id, a video, http:, javascript:…) is null.
 *
 * @example
 * await brandingOf(orm, link.accountId, link.timeline.general, link.token);
 * // { logoUrl: "/api/public/room/…/media/…", faviconUrl: null, … }
 */
export function brandingOf(orm: Orm, accountId: string, general: GeneralSetting, token: string): Promise<Branding> {
  return brandingUrls(orm, accountId, general, (id) => `/api/public/room/${token}/media/${id}`);
}

/**
 * The branding as URLs a page may load, an account image at `mediaUrl(id)` (each page serves the
 * images through its own route, which checks the branding names them: {@link brandingImage}).
 */
export async function brandingUrls(orm: Orm, accountId: string, general: GeneralSetting, mediaUrl: (id: string) => string): Promise<Branding> {
  const values = brandingValues(general);
  const ids = brandingMediaIds(general);
  const images = ids.length
    ? await orm
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.accountId, accountId), eq(media.type, "image"), inArray(media.id, ids)))
    : [];
  const own = new Set(images.map((row) => row.id));
  const urlOf = (value: string): string | null => {
    const trimmed = value.trim();
    if (own.has(trimmed)) return mediaUrl(trimmed);
    return isHttps(trimmed) ? trimmed : null;
  };
  return {
    logoUrl: urlOf(values.logoUrl),
    faviconUrl: urlOf(values.faviconUrl),
    backgroundUrl: urlOf(values.backgroundUrl),
    countdownImageUrl: urlOf(values.countdownImageUrl),
  };
}
