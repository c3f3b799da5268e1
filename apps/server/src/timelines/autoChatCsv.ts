import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { parse } from "csv-parse";
import { badRequest } from "../http/errors.js";

/** One chat message of an auto-chat file. `line` is the file's line number, for messages. */
export interface ChatRow {
  line: number;
  name: string;
  message: string;
  /** Seconds into the event. */
  seconds: number;
}

/** Data lines per file (DOMAIN.md: peers cap at 500 and 5,000; we take 5,000). */
export const MAX_CHAT_LINES = 5000;

/**
 * The auto-chat CSV's body limit: {@link MAX_CHAT_LINES} messages of a name, a message of a few
 * hundred characters and a time fit in 4 MiB; the general 1 MiB would stop long files short.
 */
export const CHAT_CSV_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const MAX_REPORTED = 5;

/** Column names, with the aliases DOMAIN.md gives, matched without regard to case. */
const COLUMNS = { name: ["name", "from"], message: ["message", "msg"], after: ["after", "time"] } as const;
type Column = keyof typeof COLUMNS;

/**
 * Seconds into the event: whole seconds ("90", "90.5" counts as 90), "m:ss" or "h:mm:ss".
 * Undefined when the text is none of these.
 */
export function parseAfter(text: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) return Math.floor(Number(text));
  const clock = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (!clock) return undefined;
  const [, a = "0", b = "0", c] = clock;
  return c === undefined ? Number(a) * 60 + Number(b) : Number(a) * 3600 + Number(b) * 60 + Number(c);
}

/** Tab-separated when the header line has a tab, else comma-separated. */
async function delimiterOf(file: Blob): Promise<string> {
  const head = await file.slice(0, 4096).text();
  const firstLine = head.split(/\r?\n/, 1)[0] ?? "";
  return firstLine.includes("\t") ? "\t" : ",";
}

function headerIndexes(header: readonly string[]): Record<Column, number> {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const found = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of Object.keys(COLUMNS) as Column[]) {
    const index = names.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
    if (index < 0) missing.push(`${column} (or ${COLUMNS[column][1]})`);
    found[column] = index;
  }
  if (missing.length > 0) {
    throw badRequest(
      `Line 1 must name the columns name, message and after (or from, msg, time); missing: ${missing.join(", ")}.`,
      "csv",
    );
  }
  return found;
}

/**
 * Reads an auto-chat CSV as it streams in: a header line, then one message per line. Refuses the
 * file (400 on `csv`) with the first few problems by line number, or when it has more than
 * {@link MAX_CHAT_LINES} data lines or none.
 */
export async function readChatCsv(file: Blob): Promise<ChatRow[]> {
  const parser = parse({ delimiter: await delimiterOf(file), bom: true, skip_empty_lines: true, relax_column_count: true, info: true });
  const input = Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>);
  input.pipe(parser);
  input.on("error", (error) => parser.destroy(error));

  const rows: ChatRow[] = [];
  const problems: string[] = [];
  let columns: Record<Column, number> | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = headerIndexes(record);
        continue;
      }
      if (rows.length + problems.length >= MAX_CHAT_LINES) {
        input.destroy();
        throw badRequest(`The file has more than ${MAX_CHAT_LINES.toLocaleString("en-US")} messages; split it into smaller files.`, "csv");
      }
      const cell = (column: Column) => (record[columns?.[column] ?? -1] ?? "").trim();
      const line = info.lines;
      const [name, message, after] = [cell("name"), cell("message"), cell("after")];
      const seconds = parseAfter(after);
      if (name === "") problems.push(`Line ${line}: the name is empty.`);
      else if (message === "") problems.push(`Line ${line}: the message is empty.`);
      else if (seconds === undefined) {
        problems.push(`Line ${line}: "after" must be seconds into the event (90) or a time (1:30, 1:02:03), not "${after}".`);
      } else rows.push({ line, name, message, seconds });
    }
  } catch (error) {
    const lines = (error as { code?: unknown; lines?: unknown }).code === undefined ? undefined : (error as { lines?: unknown }).lines;
    if (typeof lines !== "number") throw error;
    throw badRequest(`Line ${lines}: ${(error as Error).message.replace(/^Invalid [^:]*: /, "")}`, "csv");
  }
  if (problems.length > 0) {
    const more = problems.length > MAX_REPORTED ? ` …and ${problems.length - MAX_REPORTED} more.` : "";
    throw badRequest(problems.slice(0, MAX_REPORTED).join(" ") + more, "csv");
  }
  if (rows.length === 0) throw badRequest("The file has no messages: add lines after the header line.", "csv");
  return rows;
}
