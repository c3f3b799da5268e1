// The encoding benchmark's timed part (bench/encode.mjs makes the inputs and prints the figures):
// runs the media processor's own steps (src/media/encode/: the same ffprobe and ffmpeg arguments
// the server uses) on a local file and prints one JSON line of timings. Usage:
//   tsx --conditions=@cuepoint/source scripts/bench-encode.ts ladder <input> <work folder>
//   tsx --conditions=@cuepoint/source scripts/bench-encode.ts playable <input> <work folder>
// `ladder`: probe, then the 360p+720p ladder in one ffmpeg run and its check (what follows a
// repackage). `playable`: what happens between "upload complete" and "playable" for an H.264/AAC
// upload: probe, poster, repackage into the source rendition and its check (the database write
// that publishes it is a single UPDATE, not included).
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { runTool, DEFAULT_TOOLS } from "../src/media/encode/ffmpeg.js";
import { ladderArgs, ladderFor } from "../src/media/encode/ladder.js";
import { posterArgs, posterSecond } from "../src/media/encode/poster.js";
import { probeVideo } from "../src/media/encode/probe.js";
import { readRendition } from "../src/media/encode/rendition.js";
import { canRepackage, repackageArgs } from "../src/media/encode/repackage.js";

const [what, input, work] = process.argv.slice(2);
if (!what || !input || !work) throw new Error("usage: bench-encode.ts ladder|playable <input> <work folder>");

/**
 * CPU seconds (user + system) of the children this process has waited for (ffmpeg, ffprobe), from
 * /proc/self/stat's cutime and cstime (clock ticks, 100 a second): what the encode cost whatever
 * else runs on the machine.
 */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
await mkdir(work, { recursive: true });
const probed = await probeVideo(input);
const probeSeconds = seconds();

if (what === "ladder") {
  const rungs = ladderFor(probed, false);
  const cpuBefore = await childCpuSeconds();
  const ffmpegStarted = seconds();
  await runTool(DEFAULT_TOOLS.ffmpeg, ladderArgs(input, probed, rungs, work));
  const ffmpegSeconds = seconds() - ffmpegStarted;
  const ffmpegCpuSeconds = (await childCpuSeconds()) - cpuBefore;
  const renditions = [];
  for (const rung of rungs) renditions.push(await readRendition(join(work, rung.name), { name: rung.name, path: rung.name }));
  console.log(
    JSON.stringify({ durationSeconds: probed.durationSeconds, probeSeconds, ffmpegSeconds, ffmpegCpuSeconds, totalSeconds: seconds(), renditions }),
  );
} else if (what === "playable") {
  if (!canRepackage(probed)) throw new Error("the input cannot be repackaged (not H.264 4:2:0)");
  await runTool(DEFAULT_TOOLS.ffmpeg, posterArgs(input, posterSecond(probed), join(work, "poster.jpg")));
  const posterSeconds = seconds();
  const cpuBefore = await childCpuSeconds();
  const folder = join(work, "source");
  await mkdir(folder);
  await runTool(DEFAULT_TOOLS.ffmpeg, repackageArgs(input, probed, folder));
  const source = await readRendition(folder, { name: "source", path: "source" });
  console.log(
    JSON.stringify({
      durationSeconds: probed.durationSeconds,
      probeSeconds,
      posterSeconds: posterSeconds - probeSeconds,
      totalSeconds: seconds(),
      repackageSeconds: seconds() - posterSeconds,
      repackageCpuSeconds: (await childCpuSeconds()) - cpuBefore,
      segments: source.segments.length,
      longestSegment: Math.max(...source.segments),
    }),
  );
} else throw new Error(`unknown step ${what}`);
