import type { Lead } from "@cuepoint/sdk";

const COLUMNS = ["uuid", "name", "email", "phone", "webinarTimeline", "eventID", "banned", "created_at"] as const;

/** One CSV cell: quoted when it holds a comma, quote or line break; formulas defused. */
function cell(value: unknown): string {
  let text = value === undefined || value === null ? "" : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Leads as CSV text with a header row (and each custom field as a column).
 *
 * @example
 * leadsToCsv([{ uuid: "r_1", name: "Ann", banned: false, customFields: {} }]); // "uuid,name,...\r\nr_1,Ann,..."
 */
export function leadsToCsv(leads: readonly Lead[]): string {
  const custom = [...new Set(leads.flatMap((lead) => Object.keys(lead.customFields ?? {})))];
  const header = [...COLUMNS, ...custom].map(cell).join(",");
  const rows = leads.map((lead) =>
    [...COLUMNS.map((c) => lead[c]), ...custom.map((c) => lead.customFields?.[c])].map(cell).join(","),
  );
  return [header, ...rows].join("\r\n") + "\r\n";
}
