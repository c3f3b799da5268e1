import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { EncodeError } from "./encodeError.js";

/** Where the two programs are: Debian's ffmpeg 5.1 on the PATH unless told otherwise. */
export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

export const DEFAULT_TOOLS: FfmpegTools = { ffmpeg: "ffmpeg", ffprobe: "ffprobe" };

export interface RunOptions {
  /** Kills the child (SIGKILL) when aborted; the run then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Each line the child writes to stdout (ffmpeg's `-progress pipe:1` lines). */
  onLine?: (line: string) => void;
  /** Keep the whole stdout and answer it (ffprobe's JSON). */
  collectStdout?: boolean;
}

/** Last bytes of stderr kept for the error message: ffmpeg states the cause at the end. */
const STDERR_TAIL = 4000;

/**
 * Runs `program` with `args` (an array, never through a shell) and resolves with its stdout when
 * it exits 0. A missing program rejects with an {@link EncodeError} saying it is not installed;
 * another failure with the last lines of its stderr. The child dies with `signal`.
 *
 * @example
 * const json = await runTool("ffprobe", ["-v", "error", "-of", "json", "-show_streams", path]);
 */
export function runTool(program: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
    const kill = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", kill, { once: true });
    let stdout = "";
    let stderr = "";
    if (options.onLine) createInterface({ input: child.stdout }).on("line", options.onLine);
    else if (options.collectStdout) child.stdout.on("data", (piece: Buffer) => (stdout += piece.toString()));
    else child.stdout.resume();
    child.stderr.on("data", (piece: Buffer) => {
      stderr = (stderr + piece.toString()).slice(-STDERR_TAIL);
    });
    let failed = false;
    child.on("error", (error: NodeJS.ErrnoException) => {
      failed = true;
      signal?.removeEventListener("abort", kill);
      reject(
        error.code === "ENOENT"
          ? new EncodeError("ffmpeg is not installed on the server", `${program}: ${error.message}`)
          : error,
      );
    });
    child.on("close", (code, killedBy) => {
      signal?.removeEventListener("abort", kill);
      if (failed) return;
      if (signal?.aborted) return reject(signal.reason as Error);
      if (code === 0) return resolve(stdout);
      const why = lastLines(stderr) || (killedBy ? `killed by ${killedBy}` : `exit code ${code}`);
      reject(new ToolFailure(program, why));
    });
  });
}

/** A tool ran and failed: `detail` is the end of what it wrote to stderr. */
export class ToolFailure extends Error {
  constructor(
    readonly program: string,
    readonly detail: string,
  ) {
    super(`${program} failed: ${detail}`);
    this.name = "ToolFailure";
  }
}

/** The last few non-empty lines of a tool's stderr, joined, for a message a person reads. */
function lastLines(text: string, count = 3): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-count)
    .join(" ");
}
