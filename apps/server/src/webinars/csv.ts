/**
 * CSV text as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote, a line break or edge spaces, with quotes doubled inside.
 *
 * Spreadsheets run a cell that starts with `=`, `@`, `+` or `-` as a formula (CSV injection), and
 * registrants type their own names. Such a cell gets a leading `'`, which spreadsheets show as
 * text; `+` or `-` followed by digits and phone punctuation only (`+1 555-0100`, `-3`) is left as is.
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the data rows, each line ended with CRLF. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
