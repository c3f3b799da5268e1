import { asAction } from "../../actions/errors.js";
import { callPeer } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import { PermanentActionError, type ActionJob, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";

/** A column's key: lower case, runs of anything but letters and digits as one `_` ("First Name" → `first_name`). */
const keyOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[{}]/g, "")
    .replace(/[^\p{L}\p{N}.]+/gu, "_")
    .replace(/^_+|_+$/g, "");

/** Other names people give the columns of the personalisation tags. */
const ALIASES: Record<string, string> = {
  full_name: "name",
  first: "first_name",
  firstname: "first_name",
  last: "last_name",
  lastname: "last_name",
  surname: "last_name",
  e_mail: "email",
  email_address: "email",
  phone_number: "phone",
  mobile: "phone",
  webinar: "event_subject",
  webinar_name: "event_subject",
  event: "event_subject",
  event_name: "event_subject",
  subject: "event_subject",
  day: "event_day",
  date: "event_date",
  webinar_date: "event_date",
  time: "event_time",
  webinar_time: "event_time",
  time_zone: "event_timezone",
  timezone: "event_timezone",
  join_url: "join_link",
  webinar_link: "join_link",
  replay_url: "replay_link",
};

/**
 * The registrant's row for a header row: each column filled by its name — a personalisation tag
 * (`first_name`, `email`, `event_date`, `join_link`… written any case, spaced or braced), a
 * common other name for one (`Email address`, `Phone number`, `Webinar`), or a registration
 * field (`company`, `custom.company`); any other column is left empty.
 *
 * @example
 * registrantRow(["First Name", "Email", "Company", "Notes"], job); // ["Ada", "ada@example.com", "Analytical Engines", ""]
 */
export function registrantRow(header: readonly string[], job: ActionJob): string[] {
  const variables = new Map(Object.entries(messageVariables(job)).map(([key, value]) => [keyOf(key), value]));
  const fields = new Map(Object.entries(job.registrant.fields).map(([name, value]) => [keyOf(name), value]));
  return header.map((column) => {
    const key = keyOf(column);
    if (!key) return "";
    return variables.get(key) ?? variables.get(ALIASES[key] ?? "") ?? fields.get(key) ?? fields.get(key.replace(/^custom\./, "")) ?? "";
  });
}

/** A1 notation of a worksheet's range: the title quoted, quotes doubled. */
const a1 = (worksheet: string, range: string) => `'${worksheet.replaceAll("'", "''")}'!${range}`;

interface Sheet {
  label: string;
  base: string;
  headers: Record<string, string>;
  worksheet: string;
}

const values = async (sheet: Sheet, range: string) =>
  (await callPeer<{ values?: string[][] }>(sheet.label, `${sheet.base}/values/${encodeURIComponent(a1(sheet.worksheet, range))}`, { headers: sheet.headers }))
    .body?.values ?? [];

const sameRow = (a: readonly string[], b: readonly string[]) => {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) if ((a[i] ?? "").trim() !== (b[i] ?? "").trim()) return false;
  return true;
};

/**
 * GOOGLESHEETS · addRow: reads the worksheet's header row (`GET …/values/'{worksheet}'!1:1`) and
 * appends the registrant's row under the table (`POST …/values/'{worksheet}'!A1:append`,
 * `valueInputOption=RAW` — what a registrant typed is never read as a formula —,
 * `insertDataOption=INSERT_ROWS`). Sheets takes no idempotency key, so a retry looks first: when
 * the worksheet already has this very row (the first try's answer was lost), nothing is added.
 */
export async function addRow(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const token = await asAction(() => service.accessToken());
  const sheet: Sheet = {
    label: service.label,
    base: service.url(`https://sheets.googleapis.com/v4/spreadsheets/${encodeURIComponent(modelText(job, "spreadsheet"))}`),
    headers: { authorization: `Bearer ${token}` },
    worksheet: modelText(job, "worksheet"),
  };
  const [header = []] = await values(sheet, "1:1");
  if (!header.some((cell) => cell.trim())) {
    throw new PermanentActionError(
      `${sheet.label}: the worksheet "${sheet.worksheet}" has no header row; write the column names (name, email, phone…) in row 1.`,
    );
  }
  const row = registrantRow(header, job);
  if (job.attempt > 1 && (await values(sheet, "A:ZZ")).some((existing) => sameRow(existing, row))) {
    return { status: "sent", detail: `the row was already in "${sheet.worksheet}" (added once)` };
  }
  const query = new URLSearchParams({ valueInputOption: "RAW", insertDataOption: "INSERT_ROWS" });
  const { body } = await callPeer<{ updates?: { updatedRange?: string } }>(
    sheet.label,
    `${sheet.base}/values/${encodeURIComponent(a1(sheet.worksheet, "A1"))}:append?${query}`,
    { headers: sheet.headers, json: { range: a1(sheet.worksheet, "A1"), majorDimension: "ROWS", values: [row] } },
  );
  return { status: "sent", detail: `row added: ${body?.updates?.updatedRange ?? sheet.worksheet}` };
}
