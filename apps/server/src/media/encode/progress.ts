/**
 * Follows ffmpeg's `-progress pipe:1` output (blocks of `key=value` lines, each ended by
 * `progress=continue` or `progress=end`) and reports the fraction of `durationSeconds` written so
 * far, from `out_time_us` (`out_time_ms` is microseconds too, an old ffmpeg misnomer). Answers the
 * function to feed each stdout line to.
 *
 * @example
 * const onLine = followProgress(60, (fraction) => console.log(Math.round(fraction * 100)));
 * onLine("out_time_us=30000000"); onLine("progress=continue"); // logs 50
 */
export function followProgress(durationSeconds: number, report: (fraction: number) => void): (line: string) => void {
  let outSeconds: number | undefined;
  return (line) => {
    const at = line.indexOf("=");
    if (at < 0) return;
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (key === "out_time_us") {
      const micros = Number(value);
      // "N/A" before the first packet; never report time going backwards.
      if (Number.isFinite(micros) && micros >= 0) outSeconds = Math.max(outSeconds ?? 0, micros / 1e6);
    } else if (key === "progress") {
      if (value === "end") report(1);
      else if (outSeconds !== undefined && durationSeconds > 0) report(Math.min(1, outSeconds / durationSeconds));
    }
  };
}
