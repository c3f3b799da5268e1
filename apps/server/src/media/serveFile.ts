import type { MediaRow } from "../db/schema/index.js";
import { mimeOf } from "./assemble.js";
import type { MediaStore } from "./store.js";

/**
 * The byte range a `Range` header asks of a `size`-byte file: one range (`a-b`, `a-`, `-n`), or
 * `undefined` for the whole file (no header, several ranges, another unit), or `"unsatisfiable"`.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [from, to] = [match[1] ?? "", match[2] ?? ""];
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** The file of a media row as a response: whole (200) or one range (206), streamed from the store. */
export async function serveFile(store: MediaStore, row: MediaRow, rangeHeader: string | undefined): Promise<Response> {
  const key = row.storageKey!;
  const size = (await store.size(key)) ?? row.size;
  const headers = new Headers({
    // The type stored at upload (from the uploaded file's name): a rename changes only the display name.
    "Content-Type": row.mime || mimeOf(row.name),
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`,
  });
  const range = parseRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (!range) {
    headers.set("Content-Length", String(size));
    return new Response(size === 0 ? null : store.read(key), { status: 200, headers });
  }
  headers.set("Content-Length", String(range.end - range.start + 1));
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  return new Response(store.read(key, range), { status: 206, headers });
}
