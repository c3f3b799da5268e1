/**
 * NOTIFY payloads are shorter than 8000 bytes. A signal is JSON; one that does not fit goes as
 * several numbered parts sent in one statement (PostgreSQL delivers one transaction's
 * notifications together and in order) and is put back together by each receiver.
 *
 * A part is `<instance> <signal> <index>/<count> <eventId>\n<text>`: the header lets a receiver
 * skip its own instance's signals and events nobody listens to without reading the JSON.
 */

/** Bytes of JSON text per part, leaving room for the header (ids are short: uuids and counters). */
export const PART_BYTES = 7600;
const MAX_HEADER = 300;

export interface SignalHeader {
  instance: string;
  signal: string;
  index: number;
  count: number;
  eventId: string;
}

/** Cuts `text` into pieces of at most `bytes` UTF-8 bytes, never inside a character. */
export function splitUtf8(text: string, bytes = PART_BYTES): string[] {
  const parts: string[] = [];
  let start = 0;
  let size = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i) ?? 0;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const units = code >= 0x10000 ? 2 : 1;
    if (size + width > bytes) {
      parts.push(text.slice(start, i));
      start = i;
      size = 0;
    }
    size += width;
    i += units;
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * The NOTIFY payloads of one signal.
 *
 * @example
 * encodeSignal({ instance: "a1", signal: "7", eventId }, JSON.stringify(signal)); // ["a1 7 0/1 <eventId>\n{…}"]
 */
export function encodeSignal(ids: { instance: string; signal: string; eventId: string }, json: string): string[] {
  const header = `${ids.instance} ${ids.signal}`;
  if (header.length + ids.eventId.length > MAX_HEADER || /\s/.test(ids.instance + ids.signal + ids.eventId))
    throw new Error("A room signal's ids are short and have no spaces.");
  const parts = splitUtf8(json);
  return parts.map((part, index) => `${header} ${index}/${parts.length} ${ids.eventId}\n${part}`);
}

/** Reads a payload's header; null for a payload that is not a room signal part. */
export function readPart(payload: string): { header: SignalHeader; text: string } | null {
  const cut = payload.indexOf("\n");
  if (cut < 0) return null;
  const fields = payload.slice(0, cut).split(" ");
  const [instance, signal, position, eventId] = fields;
  const match = /^(\d+)\/(\d+)$/.exec(position ?? "");
  if (fields.length !== 4 || !instance || !signal || !eventId || !match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index >= count) return null;
  return { header: { instance, signal, index, count, eventId }, text: payload.slice(cut + 1) };
}

/**
 * Puts parts back together: answers the whole JSON text once its last part has come, else null.
 * Parts of a signal that never completes (a connection lost between them) are dropped after `keepMs`.
 */
export function createReassembler(keepMs = 30_000, now: () => number = Date.now) {
  const pending = new Map<string, { parts: string[]; at: number }>();
  return {
    add(header: SignalHeader, text: string): string | null {
      if (header.count === 1) return text;
      const key = `${header.instance} ${header.signal}`;
      const at = now();
      for (const [other, entry] of pending) if (at - entry.at > keepMs) pending.delete(other);
      const entry = pending.get(key) ?? { parts: [], at };
      pending.set(key, entry);
      entry.parts[header.index] = text;
      if (entry.parts.filter((part) => part !== undefined).length < header.count) return null;
      pending.delete(key);
      return entry.parts.join("");
    },
    get pending() {
      return pending.size;
    },
  };
}
