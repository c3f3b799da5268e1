import { open } from "node:fs/promises";
import { parseFile } from "music-metadata";

/**
 * Seconds → `hh:mm:ss` (the SDK's VideoLengthSchema; hours may pass 99), to the nearest second.
 *
 * @example
 * formatLength(3723.4); // "01:02:03"
 */
export function formatLength(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** Reads `[offset, offset + length)` of an open file; fewer bytes at its end. */
async function readAt(file: Awaited<ReturnType<typeof open>>, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** The boxes inside `[from, to)` of an ISO-BMFF file: type, where the payload starts, where the box ends. */
async function* boxes(file: Awaited<ReturnType<typeof open>>, from: number, to: number) {
  for (let at = from; at + 8 <= to; ) {
    const header = await readAt(file, at, 16);
    if (header.length < 8) return;
    let size = header.readUInt32BE(0);
    let payload = at + 8;
    if (size === 1 && header.length >= 16) {
      size = Number(header.readBigUInt64BE(8));
      payload += 8;
    } else if (size === 0) size = to - at; // "to the end of the file"
    if (size < payload - at) return; // malformed
    yield { type: header.toString("latin1", 4, 8), payload, end: at + size };
    at += size;
  }
}

/**
 * The movie length from an MP4/MOV's `moov/mvhd` box (timescale and duration). music-metadata
 * takes an MP4's duration from its audio track only, so a video with no sound would have none.
 */
export async function mp4MovieSeconds(path: string): Promise<number | undefined> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    for await (const box of boxes(file, 0, size)) {
      if (box.type !== "moov") continue;
      for await (const child of boxes(file, box.payload, box.end)) {
        if (child.type !== "mvhd") continue;
        const mvhd = await readAt(file, child.payload, 32);
        const v1 = mvhd[0] === 1;
        if (mvhd.length < (v1 ? 32 : 20)) return undefined;
        const timescale = mvhd.readUInt32BE(v1 ? 20 : 12);
        const duration = v1 ? Number(mvhd.readBigUInt64BE(24)) : mvhd.readUInt32BE(16);
        return timescale > 0 ? duration / timescale : undefined;
      }
    }
    return undefined;
  } finally {
    await file.close();
  }
}

/**
 * The length of an audio or video file as `hh:mm:ss`, read with music-metadata (container headers
 * only: an MP4's `mdat` is skipped, not read), or undefined when the file cannot be parsed or
 * states no length. music-metadata chooses the parser from the file's extension and first bytes.
 *
 * @example
 * await readMediaLength("/media/a/1.mp4"); // "00:12:30"
 */
export async function readMediaLength(path: string): Promise<string | undefined> {
  try {
    const { format } = await parseFile(path, { skipCovers: true });
    const isoFile = /^(isom|iso\d|mp4|m4|qt|avc|hev|dash|3g)/i.test(format.container ?? "");
    const seconds = format.duration ?? (isoFile ? await mp4MovieSeconds(path) : undefined);
    return seconds !== undefined && Number.isFinite(seconds) ? formatLength(seconds) : undefined;
  } catch {
    return undefined;
  }
}
