import type { Program, ProgramRendition } from "../events/program.js";

/**
 * The room's HLS playlists as text (RFC 8216). Pure: which segments to list is decided by the
 * caller from the clock (the SDK's `airedSegmentCount`); these only write them down.
 */

/** A query string the playlist's URLs carry on: `?entry=replay` for the replay, the cache key for segments. */
const query = (entries: Record<string, string | undefined>): string => {
  const pairs = Object.entries(entries).filter((pair): pair is [string, string] => pair[1] !== undefined);
  return pairs.length === 0 ? "" : `?${new URLSearchParams(pairs).toString()}`;
};

/** The master playlist: one variant per program rendition, lowest first (players start there). */
export function masterPlaylist(program: Program, entry: "join" | "replay"): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const r of program.renditions) {
    const codecs = r.codecs ? `,CODECS="${r.codecs}"` : "";
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}${codecs}`);
    lines.push(`${encodeURIComponent(r.name)}.m3u8${query({ entry: entry === "replay" ? "replay" : undefined })}`);
  }
  return `${lines.join("\n")}\n`;
}

export interface MediaPlaylistOptions {
  /** `live`: an EVENT playlist of the first `count` segments; `ended`: EVENT with every segment and ENDLIST; `replay`: VOD. */
  kind: "live" | "ended" | "replay";
  /** Segments listed (live only; the others list every one). */
  count?: number;
  /** Where players should start, seconds into the program (live only). */
  startSeconds?: number;
}

/**
 * A rendition's media playlist over the whole program: segment `n` of the program is `{rendition}/{n}.ts`,
 * with `#EXT-X-DISCONTINUITY` where one video ends and the next begins (timestamps and encoder
 * settings restart there). The target duration is the program's longest segment, so it never
 * changes as the live list grows (players reject a playlist whose target duration changes).
 */
export function mediaPlaylist(program: Program, rendition: ProgramRendition, options: MediaPlaylistOptions): string {
  const all = rendition.durations.length;
  const count = options.kind === "live" ? Math.min(all, Math.max(0, options.count ?? 0)) : all;
  const target = Math.max(1, Math.ceil(Math.max(0, ...rendition.durations)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    `#EXT-X-PLAYLIST-TYPE:${options.kind === "replay" ? "VOD" : "EVENT"}`,
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
  if (options.kind === "live" && options.startSeconds !== undefined) {
    lines.push(`#EXT-X-START:TIME-OFFSET=${Math.max(0, options.startSeconds).toFixed(3)},PRECISE=YES`);
  }
  const firsts = new Set<number>();
  let at = 0;
  for (const part of rendition.parts) {
    if (at > 0) firsts.add(at);
    at += part.segments.length;
  }
  const name = encodeURIComponent(rendition.name);
  const cache = query({ entry: options.kind === "replay" ? "replay" : undefined, v: program.version });
  for (let n = 0; n < count; n++) {
    if (firsts.has(n)) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${(rendition.durations[n] ?? 0).toFixed(3)},`);
    lines.push(`${name}/${n}.ts${cache}`);
  }
  if (options.kind !== "live") lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}
