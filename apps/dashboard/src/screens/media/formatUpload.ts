/**
 * Bytes per second as "1.2 MB/s" (binary units).
 *
 * @example
 * formatSpeed(1_572_864); // "1.5 MB/s"
 */
export function formatSpeed(bytesPerSecond: number): string {
  if (!(bytesPerSecond > 0)) return "—";
  const units = ["B/s", "KB/s", "MB/s", "GB/s"];
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 && unit > 0 ? 1 : 0)} ${units[unit]}`;
}

/**
 * Seconds left as "2 min 5 s left".
 *
 * @example
 * formatRemaining(125); // "2 min 5 s left"
 */
export function formatRemaining(seconds: number): string {
  if (!(seconds > 0)) return "";
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s left`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s left`;
  return `${Math.floor(m / 60)} h ${m % 60} min left`;
}
