import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { HlsRendition } from "../../db/schema/index.js";
import { DEFAULT_TOOLS, runTool, type FfmpegTools } from "./ffmpeg.js";

/** The playlist ffmpeg writes beside a rendition's segments; the manifest is read from it. */
export const PLAYLIST = "index.m3u8";

/** Segment i's file name in a rendition's folder (the contract of `HlsRendition.path`). */
export const segmentName = (index: number) => `${String(index).padStart(5, "0")}.ts`;

/** The segments a VOD playlist lists, with their durations; throws unless it is whole and named as agreed. */
export function parsePlaylist(text: string): number[] {
  const lines = text.split("\n").map((line) => line.trim());
  if (lines[0] !== "#EXTM3U") throw new Error("not an HLS playlist");
  if (!lines.includes("#EXT-X-ENDLIST")) throw new Error("the playlist has no end: ffmpeg did not finish it");
  const durations: number[] = [];
  let pending: number | undefined;
  for (const line of lines) {
    if (line.startsWith("#EXTINF:")) pending = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line && !line.startsWith("#")) {
      if (pending === undefined || !Number.isFinite(pending)) throw new Error(`segment ${line} has no duration`);
      if (line !== segmentName(durations.length)) throw new Error(`segment ${durations.length} is named ${line}`);
      durations.push(pending);
      pending = undefined;
    }
  }
  if (durations.length === 0) throw new Error("the playlist lists no segment");
  return durations;
}

interface SegmentStreams {
  streams?: { codec_type?: string; codec_name?: string; profile?: string; level?: number; width?: number; height?: number }[];
}

/** RFC 6381 `avc1.PPCCLL` from ffprobe's profile name and level (e.g. High, 31 → avc1.64001f). */
export function avcCodec(profile: string | undefined, level: number | undefined): string {
  const [idc, constraints] =
    profile === "Constrained Baseline" ? [0x42, 0xe0] : profile === "Baseline" ? [0x42, 0x00] : profile === "Main" ? [0x4d, 0x40] : [0x64, 0x00];
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  return `avc1.${hex(idc)}${hex(constraints)}${hex(level && level > 0 ? level : 31)}`;
}

/**
 * Checks a rendition ffmpeg wrote into `folder` and describes it for the manifest: the playlist is
 * whole, every segment it lists is a non-empty file named as agreed, and segment 0 holds H.264 and
 * AAC (ffprobe). `bandwidth` is the peak bits per second of a segment (segments under a second,
 * the last one's tail, only count when there is no other).
 *
 * @example
 * const rendition = await readRendition("/srv/media/acc/hls/m1/r1/360p", { name: "360p", path: "acc/hls/m1/r1/360p" });
 */
export async function readRendition(
  folder: string,
  rendition: { name: string; path: string },
  tools: FfmpegTools = DEFAULT_TOOLS,
  signal?: AbortSignal,
): Promise<HlsRendition> {
  const segments = parsePlaylist(await readFile(join(folder, PLAYLIST), "utf8"));
  const sizes = await Promise.all(segments.map((_, i) => stat(join(folder, segmentName(i))).then((s) => s.size)));
  sizes.forEach((size, i) => {
    if (size === 0) throw new Error(`${rendition.name} segment ${i} is empty`);
  });
  const rates = segments.map((seconds, i) => ({ seconds, bits: (sizes[i]! * 8) / Math.max(seconds, 0.001) }));
  const counted = rates.filter((r) => r.seconds >= 1);
  const bandwidth = Math.ceil(Math.max(...(counted.length > 0 ? counted : rates).map((r) => r.bits)));

  const report = JSON.parse(
    await runTool(
      tools.ffprobe,
      ["-v", "error", "-print_format", "json", "-show_streams", join(folder, segmentName(0))],
      { signal, collectStdout: true },
    ),
  ) as SegmentStreams;
  const video = report.streams?.find((s) => s.codec_type === "video");
  const audio = report.streams?.find((s) => s.codec_type === "audio");
  if (video?.codec_name !== "h264" || !video.width || !video.height) throw new Error(`${rendition.name} segment 0 holds no H.264 video`);
  if (audio?.codec_name !== "aac") throw new Error(`${rendition.name} segment 0 holds no AAC audio`);
  return {
    name: rendition.name,
    width: video.width,
    height: video.height,
    bandwidth,
    codecs: `${avcCodec(video.profile, video.level)},${audio.profile === "HE-AAC" ? "mp4a.40.5" : "mp4a.40.2"}`,
    path: rendition.path,
    segments,
  };
}
