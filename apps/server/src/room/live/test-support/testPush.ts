import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * Test support: an encoder pushing ffmpeg's generated test pattern (testsrc2 and a sine tone) in
 * real time to an RTMP address, as OBS would. Loopback only.
 */
export interface Push {
  /** ffmpeg's exit code (null: killed) and the end of what it said. */
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): void;
}

export function pushTestPattern(url: string, seconds: number, size = "640x360"): Push {
  const child = spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-re"],
      ...["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=30`, "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "60", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-f", "flv", url],
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (piece: Buffer) => (stderr = (stderr + piece.toString()).slice(-2000)));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on("close", (code) => resolve({ code, stderr })));
  return { exited, stop: () => child.kill("SIGINT") };
}

/** Makes sure ffmpeg is installed (scripts/ensure-ffmpeg.sh), as the encoder's tests need. */
export async function ensureFfmpeg(): Promise<void> {
  const script = fileURLToPath(new URL("../../../../scripts/ensure-ffmpeg.sh", import.meta.url));
  await promisify(execFile)("bash", [script]);
}
