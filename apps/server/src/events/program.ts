import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { GeneralSetting } from "@cuepoint/sdk";
import { media, type HlsManifest, type HlsRendition } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { isUuid } from "../http/ids.js";

/** One rendition of the whole program: a rendition of each video, played one after the other. */
export interface ProgramRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
  /** Per video of the program, in order: the store key prefix and segment durations. */
  parts: { path: string; segments: number[] }[];
  /** Every segment of the program in order: `durations[n]` seconds. */
  durations: number[];
}

/** What the room plays: the program's videos (intro, video or split videos, outro) as HLS. */
export interface Program {
  /** The media ids in playing order. */
  mediaIds: string[];
  durationSeconds: number;
  renditions: ProgramRendition[];
  /** Store key of the first video's poster, or null. */
  poster: string | null;
  /** Changes whenever any video of the program is encoded again (cache key for segment URLs). */
  version: string;
  /**
   * Variants not offered any more (not in the master playlist) but still served to the players
   * holding their playlist: the repackaged "source" a ladder replaced, in its grace (`hls.superseded`).
   */
  superseded?: ProgramRendition[];
}

/**
 * The media ids the room plays, in order (empty: no video): `advanced.appendIntro` when advanced is
 * on, then `splitVideo.videos` when split video is on (else `videoFile`), then `advanced.appendOutro`.
 */
export function programMediaIds(general: GeneralSetting): string[] {
  const main = general.splitVideo.enabled ? general.splitVideo.videos : [general.videoFile];
  const ids = general.advanced.enabled ? [general.advanced.appendIntro, ...main, general.advanced.appendOutro] : main;
  return ids.filter((id) => id !== "");
}

/**
 * The variants every video of the program has, in ladder order: a player switching variants
 * mid-program must find the same one in each video. When the videos share no rendition name (one
 * only repackaged as "source", another only laddered), one variant named "program" plays each
 * video's lowest rendition, so the program still plays, at the quality all of them can give.
 */
export function programRenditions(manifests: readonly HlsManifest[]): ProgramRendition[] {
  const [first, ...rest] = manifests;
  if (!first) return [];
  const shared = first.renditions
    .map((r) => r.name)
    .filter((name) => rest.every((m) => m.renditions.some((r) => r.name === name)));
  const pick = (choose: (m: HlsManifest) => HlsRendition | undefined, name?: string): ProgramRendition | undefined => {
    const chosen = manifests.map(choose);
    if (chosen.some((r) => !r)) return undefined;
    const renditions = chosen as HlsRendition[];
    const top = renditions[0] as HlsRendition;
    return {
      name: name ?? top.name,
      width: Math.max(...renditions.map((r) => r.width)),
      height: Math.max(...renditions.map((r) => r.height)),
      bandwidth: Math.max(...renditions.map((r) => r.bandwidth)),
      codecs: top.codecs,
      parts: renditions.map((r) => ({ path: r.path, segments: r.segments })),
      durations: renditions.flatMap((r) => r.segments),
    };
  };
  if (shared.length > 0) {
    return shared
      .map((name) => pick((m) => m.renditions.find((r) => r.name === name)))
      .filter((r): r is ProgramRendition => r !== undefined)
      .sort((a, b) => a.height - b.height || a.bandwidth - b.bandwidth);
  }
  const lowest = (m: HlsManifest) => [...m.renditions].sort((a, b) => a.height - b.height || a.bandwidth - b.bandwidth)[0];
  const fallback = pick(lowest, "program");
  return fallback ? [fallback] : [];
}

/**
 * The program of a timeline's settings from the account's own encoded videos; null when there is
 * no video, or when one of them is missing, of another account, not a video, or not playable yet
 * (the room then runs on `scheduleLength` without a player).
 */
export const loadProgram = (orm: Orm, accountId: string, general: GeneralSetting): Promise<Program | null> =>
  loadProgramOf(orm, accountId, programMediaIds(general));

/** The program of these media ids played in order (a live event's replay: its recordings), as {@link loadProgram}. */
export async function loadProgramOf(orm: Orm, accountId: string, ids: readonly string[]): Promise<Program | null> {
  if (ids.length === 0 || !ids.every(isUuid)) return null;
  const rows = await orm
    .select({ id: media.id, hls: media.hls })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.type, "video"), inArray(media.id, [...new Set(ids)])));
  const byId = new Map(rows.map((row) => [row.id, row.hls]));
  const manifests = ids.map((id) => byId.get(id));
  if (manifests.some((m) => !m || m.renditions.length === 0)) return null;
  const ready = manifests as HlsManifest[];
  const renditions = programRenditions(ready);
  if (renditions.length === 0) return null;
  const durations = (renditions[0] as ProgramRendition).durations;
  const offered = new Set(renditions.map((r) => r.name));
  const superseded = programRenditions(ready.map((m) => ({ ...m, renditions: [...m.renditions, ...(m.superseded ?? [])] })))
    .filter((r) => !offered.has(r.name));
  return {
    mediaIds: [...ids],
    durationSeconds: durations.reduce((sum, d) => sum + d, 0),
    renditions,
    poster: ready[0]?.poster ?? null,
    version: createHash("sha256")
      .update(ready.map((m) => m.version).join("/"))
      .digest("base64url")
      .slice(0, 12),
    ...(superseded.length > 0 ? { superseded } : {}),
  };
}

/** The program's variant of that name: an offered one, or a superseded one still served to players that hold it. */
export const programRendition = (program: Program, name: string): ProgramRendition | undefined =>
  program.renditions.find((r) => r.name === name) ?? program.superseded?.find((r) => r.name === name);

/** The live part's length a program gives (the SDK's `programSeconds`): its length rounded up to the second. */
export const programSecondsOf = (program: Pick<Program, "durationSeconds"> | null): number | null =>
  program ? Math.ceil(program.durationSeconds) : null;

/** Which video of the program and which of its segments the program's segment `n` is. */
export function segmentKey(rendition: ProgramRendition, n: number): string | undefined {
  let index = n;
  for (const part of rendition.parts) {
    if (index < part.segments.length) return `${part.path}/${String(index).padStart(5, "0")}.ts`;
    index -= part.segments.length;
  }
  return undefined;
}
