import { EncodeError } from "./encodeError.js";
import { DEFAULT_TOOLS, runTool, ToolFailure, type FfmpegTools } from "./ffmpeg.js";

/** What the encoder needs to know about an uploaded video, from ffprobe. */
export interface ProbedVideo {
  durationSeconds: number;
  /** As displayed: width and height swapped for a video stored rotated by 90°. */
  width: number;
  height: number;
  /** The stream carries a rotation a player must apply (phone videos): repackaging would lose it. */
  rotated: boolean;
  video: { codec: string; profile: string | null; level: number | null; pixelFormat: string | null };
  /** The first audio stream, or null for a silent video. */
  audio: ProbedAudio | null;
  /** The container's bits per second, when stated. */
  bitRate: number | null;
}

/** The first audio stream: what decides whether the ladder may copy it instead of encoding it. */
export interface ProbedAudio {
  codec: string;
  /** ffprobe's profile name ("LC" for AAC-LC), when stated. */
  profile: string | null;
  channels: number | null;
  sampleRate: number | null;
  /** The stream's bits per second, when stated. */
  bitRate: number | null;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  pix_fmt?: string;
  width?: number;
  height?: number;
  channels?: number;
  sample_rate?: string;
  bit_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeReport {
  streams?: FfprobeStream[];
  format?: { duration?: string; bit_rate?: string };
}

const number = (text: string | undefined) => {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) ? value : null;
};

/**
 * Reads a file's streams with ffprobe (JSON). Rejects with an {@link EncodeError} in words a host
 * can act on when ffprobe cannot read the file, it holds no video (an audio file, an MP3's cover
 * art does not count), or no length can be read.
 *
 * @example
 * const probed = await probeVideo("/srv/media/acc/talk.mp4");
 * probed.video.codec; // "h264"
 */
export async function probeVideo(path: string, tools: FfmpegTools = DEFAULT_TOOLS, signal?: AbortSignal): Promise<ProbedVideo> {
  let report: FfprobeReport;
  try {
    const json = await runTool(
      tools.ffprobe,
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
      { signal, collectStdout: true },
    );
    report = JSON.parse(json) as FfprobeReport;
  } catch (error) {
    if (error instanceof ToolFailure) {
      throw new EncodeError(`ffmpeg could not read this file: ${error.detail.replaceAll(`${path}: `, "")}`, error.message);
    }
    throw error;
  }
  const streams = report.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video?.codec_name || !video.width || !video.height) {
    throw new EncodeError(
      "This file has no video stream",
      `streams: ${streams.map((s) => `${s.codec_type}/${s.codec_name}`).join(", ") || "none"}`,
    );
  }
  const durationSeconds = number(report.format?.duration) ?? number(video.duration);
  if (!durationSeconds || durationSeconds <= 0) {
    throw new EncodeError("ffmpeg could not read how long this video is (the file may be cut short)");
  }
  const rotation = Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const audio = streams.find((s) => s.codec_type === "audio" && s.codec_name);
  return {
    durationSeconds,
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    rotated: rotation % 360 !== 0,
    video: {
      codec: video.codec_name,
      profile: video.profile ?? null,
      level: video.level ?? null,
      pixelFormat: video.pix_fmt ?? null,
    },
    audio: audio
      ? {
          codec: audio.codec_name!,
          profile: audio.profile ?? null,
          channels: audio.channels ?? null,
          sampleRate: number(audio.sample_rate),
          bitRate: number(audio.bit_rate),
        }
      : null,
    bitRate: number(report.format?.bit_rate),
  };
}
