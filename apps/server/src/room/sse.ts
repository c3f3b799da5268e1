/** One Server-Sent Event; `id` sets the browser's Last-Event-ID (chat messages: their seq). */
export const sseEvent = (name: string, data: unknown, id?: number): string =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The position a channel resumes after: the `Last-Event-ID` header (a browser's EventSource
 * reconnecting), else `?lastEventId=` (a page that opened a new EventSource); null when neither
 * is a whole number.
 */
export function lastEventIdOf(header: string | undefined, query: string | undefined): number | null {
  for (const value of [header, query]) {
    const text = value?.trim() ?? "";
    if (/^\d{1,15}$/.test(text)) return Number(text);
  }
  return null;
}
