import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

/**
 * Google Sheets API v4 values calls and Google's token endpoint on loopback, written from Google's
 * reference:
 * - spreadsheets.values.get — https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.values/get
 *   (`GET /v4/spreadsheets/{spreadsheetId}/values/{range}` → ValueRange `{range, majorDimension,
 *   values}`; trailing empty rows and columns are left out, an empty range has no `values`)
 * - spreadsheets.values.append — https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.values/append
 *   (`POST …/values/{range}:append`, `valueInputOption` required, `insertDataOption`, body
 *   ValueRange; answers `{spreadsheetId, tableRange, updates: {updatedRange, updatedRows,
 *   updatedColumns, updatedCells}}`)
 * - A1 notation — https://developers.google.com/workspace/sheets/api/guides/concepts#cell
 * - Errors (Google's JSON error format) — https://cloud.google.com/apis/design/errors#http_mapping
 *   (`{error: {code, message, status}}`: 400 INVALID_ARGUMENT, 401 UNAUTHENTICATED, 404 NOT_FOUND)
 * - OAuth 2.0 for web server apps — https://developers.google.com/identity/protocols/oauth2/web-server
 */

export interface SheetsFake extends FakeService {
  /** The rows of each worksheet, row 1 first. */
  rows: Map<string, string[][]>;
  /** The next append is made, then answered 503: an answer lost on the way. */
  loseNextAppendAnswer(): void;
}

const googleError = (code: number, status: string, message: string): FakeAnswer => ({ status: code, json: { error: { code, message, status } } });
const UNAUTHENTICATED = googleError(
  401,
  "UNAUTHENTICATED",
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
);
const quoted = (worksheet: string) => `'${worksheet.replaceAll("'", "''")}'`;
const column = (n: number) => {
  let name = "";
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) name = String.fromCharCode(65 + ((i - 1) % 26)) + name;
  return name;
};

export async function startSheetsFake(input: {
  code: string;
  token: string;
  spreadsheetId: string;
  worksheets: Record<string, string[][]>;
  clientId: string;
}): Promise<SheetsFake> {
  const rows = new Map(Object.entries(input.worksheets).map(([name, data]) => [name, data.map((row) => [...row])]));
  let loseAnswer = false;
  const authorized = (r: ReceivedRequest) => r.headers.authorization === `Bearer ${input.token}`;
  const base = `/v4/spreadsheets/${input.spreadsheetId}/values`;
  const trimmed = (data: string[][]) => {
    const out = data.map((row) => {
      const copy = [...row];
      while (copy.length > 0 && copy.at(-1) === "") copy.pop();
      return copy;
    });
    while (out.length > 0 && out.at(-1)?.length === 0) out.pop();
    return out;
  };

  const routes: Record<string, (r: ReceivedRequest) => FakeAnswer> = {
    "POST /token": (r) => {
      const form = r.data as Record<string, string>;
      if (form.client_id !== input.clientId || form.code !== input.code || !form.redirect_uri) {
        return { status: 400, json: { error: "invalid_grant", error_description: "Bad Request" } };
      }
      return { json: { access_token: input.token, expires_in: 3599, refresh_token: "sheets-refresh", token_type: "Bearer" } };
    },
  };
  for (const [worksheet] of rows) {
    const data = () => rows.get(worksheet) as string[][];
    const ranged = (range: string, select: () => string[][]) => (r: ReceivedRequest): FakeAnswer => {
      if (!authorized(r)) return UNAUTHENTICATED;
      const values = trimmed(select());
      return { json: { range: `${quoted(worksheet)}!${range}`, majorDimension: "ROWS", ...(values.length > 0 && { values }) } };
    };
    routes[`GET ${base}/${encodeURIComponent(`${quoted(worksheet)}!1:1`)}`] = ranged("A1:Z1", () => data().slice(0, 1));
    routes[`GET ${base}/${encodeURIComponent(`${quoted(worksheet)}!A:ZZ`)}`] = ranged("A1:ZZ1000", data);
    routes[`POST ${base}/${encodeURIComponent(`${quoted(worksheet)}!A1`)}:append`] = (r) => {
      if (!authorized(r)) return UNAUTHENTICATED;
      const option = r.query.get("valueInputOption");
      if (!option) return googleError(400, "INVALID_ARGUMENT", "'valueInputOption' is required but not specified");
      if (!["RAW", "USER_ENTERED"].includes(option)) return googleError(400, "INVALID_ARGUMENT", `Invalid value at 'value_input_option' (${option})`);
      const body = r.data as { range?: string; majorDimension?: string; values?: unknown };
      if (body.range !== undefined && body.range !== `${quoted(worksheet)}!A1`) {
        return googleError(400, "INVALID_ARGUMENT", `Requested writing within range [${quoted(worksheet)}!A1], but tried writing to [${body.range}]`);
      }
      if (!Array.isArray(body.values) || !body.values.every((row) => Array.isArray(row))) return googleError(400, "INVALID_ARGUMENT", "Invalid values");
      const table = trimmed(data());
      const first = table.length + 1;
      (body.values as unknown[][]).forEach((row, i) => data().splice(table.length + i, 0, row.map((cell) => String(cell))));
      const width = Math.max(1, ...(body.values as unknown[][]).map((row) => row.length));
      const last = first + body.values.length - 1;
      const answer = {
        spreadsheetId: input.spreadsheetId,
        tableRange: `${quoted(worksheet)}!A1:${column(Math.max(1, ...table.map((row) => row.length)))}${Math.max(1, table.length)}`,
        updates: {
          spreadsheetId: input.spreadsheetId,
          updatedRange: `${quoted(worksheet)}!A${first}:${column(width)}${last}`,
          updatedRows: body.values.length,
          updatedColumns: width,
          updatedCells: (body.values as unknown[][]).reduce((sum, row) => sum + row.length, 0),
        },
      };
      if (loseAnswer) {
        loseAnswer = false;
        return googleError(503, "UNAVAILABLE", "The service is currently unavailable.");
      }
      return { json: answer };
    };
  }
  // A spreadsheet deleted (or never shared with the account): Google answers 404.
  routes[`GET /v4/spreadsheets/deleted-sheet/values/${encodeURIComponent("'Sheet1'!1:1")}`] = (r) =>
    authorized(r) ? googleError(404, "NOT_FOUND", "Requested entity was not found.") : UNAUTHENTICATED;
  const service = await startFakeService(routes);
  return {
    ...service,
    rows,
    loseNextAppendAnswer: () => {
      loseAnswer = true;
    },
  };
}
