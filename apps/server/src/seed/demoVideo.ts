import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Fonts tried for the running timestamp (Debian's DejaVu and Liberation packages). */
const FONTS = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
];

/** A monospace font file for ffmpeg's drawtext: a known path, else fontconfig's answer, else none. */
async function fontFile(): Promise<string | undefined> {
  const known = FONTS.find((path) => existsSync(path));
  if (known) return known;
  try {
    const { stdout } = await run("fc-match", ["-f", "%{file}", "monospace"], { timeout: 5000 });
    return stdout && existsSync(stdout) ? stdout : undefined;
  } catch {
    return undefined;
  }
}

/** drawtext's option escaping: `\`, `'` and `:` are special inside a filter argument. */
const escapeFilterPath = (path: string) => path.replace(/[\\':]/g, (c) => `\\${c}`);

export interface DemoVideoOptions {
  /** The ffmpeg program (default `ffmpeg` on the PATH). */
  ffmpeg?: string;
  /** Length in seconds (default 180). */
  seconds?: number;
  /** Frame size (default 320×180) and rate (default 15). */
  width?: number;
  height?: number;
  fps?: number;
}

/**
 * Makes a small H.264/AAC MP4 at `output` with ffmpeg: the `testsrc2` pattern, a beeping 440 Hz
 * tone, and (when a font is found) the video's own running time burnt in large at the bottom, so
 * whoever watches can read the position the room plays. Fast on purpose (ultrafast, 320×180 at
 * 15 fps, mono 22 kHz): 3 minutes take a few seconds. Rejects with ffmpeg's error when ffmpeg is
 * missing or fails (the caller decides what that means).
 *
 * @example
 * await makeDemoVideo("/tmp/demo.mp4", { seconds: 60 });
 */
export async function makeDemoVideo(output: string, options: DemoVideoOptions = {}): Promise<void> {
  const { ffmpeg = "ffmpeg", seconds = 180, width = 320, height = 180, fps = 15 } = options;
  const font = await fontFile();
  const size = Math.round(height / 7);
  const filters = font
    ? [
        `drawtext=fontfile='${escapeFilterPath(font)}':text='%{pts\\:hms}':fontsize=${size}:fontcolor=white` +
          `:box=1:boxcolor=black@0.65:boxborderw=6:x=(w-tw)/2:y=h-th-${Math.round(size / 2)}`,
      ]
    : [];
  await run(
    ffmpeg,
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-nostdin",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=${width}x${height}:rate=${fps}`,
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:beep_factor=4:sample_rate=22050",
      ...(filters.length > 0 ? ["-vf", filters.join(",")] : []),
      "-t",
      String(seconds),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-crf",
      "30",
      "-g",
      String(fps * 2),
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-ac",
      "1",
      "-b:a",
      "32k",
      "-movflags",
      "+faststart",
      output,
    ],
    { timeout: 120_000, maxBuffer: 1024 * 1024 },
  );
}
