import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startSheetsFake } from "./fake.js";

const SHEET = "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms";
const HEADER = ["First Name", "Last name", "Email address", "Phone", "Webinar", "Event date", "{join_link}", "Company", "Notes"];
const APPEND = `/v4/spreadsheets/${SHEET}/values/${encodeURIComponent("'Sign-ups'!A1")}:append`;
const HEADER_ROW = `/v4/spreadsheets/${SHEET}/values/${encodeURIComponent("'Sign-ups'!1:1")}`;
const WHOLE = `/v4/spreadsheets/${SHEET}/values/${encodeURIComponent("'Sign-ups'!A:ZZ")}`;
const ADA = [
  "Ada",
  "Lovelace",
  "ada@example.com",
  "+15551230007",
  "Scaling Webinars",
  "March 5, 2024",
  "https://join.example.com/evt-3?r=reg-7",
  "Analytical Engines",
  "",
];

const app = serviceTestApp(() =>
  startSheetsFake({
    code: "gs-code",
    token: "ya29.sheets-0123456789",
    spreadsheetId: SHEET,
    worksheets: { "Sign-ups": [], Empty: [] },
    clientId: "googlesheets-client",
  }),
);
let sheetsId: string;

beforeAll(async () => {
  sheetsId = await connectOAuth(app.owner, "googlesheets", "gs-code");
});
beforeEach(() => {
  app.fake.rows.set("Sign-ups", [[...HEADER], ["Grace", "Hopper", "grace@example.com"]]);
});

const job = (model: Record<string, unknown> = { spreadsheet: SHEET, worksheet: "Sign-ups" }) =>
  makeJob({ accountId: app.accountId, integrationType: "GOOGLESHEETS", action: "addRow", integrationID: sheetsId, model });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("Google Sheets addRow", () => {
  it("appends the registrant's row under the table, each column filled by its header's name", async () => {
    await expect(app.execute(job())).resolves.toEqual({ status: "sent", detail: "row added: 'Sign-ups'!A3:I3" });
    expect(calls()).toEqual([`GET ${HEADER_ROW}`, `POST ${APPEND}`]);
    const append = app.fake.requests[1];
    expect(append?.headers.authorization).toBe("Bearer ya29.sheets-0123456789");
    expect(Object.fromEntries(append?.query ?? [])).toEqual({ valueInputOption: "RAW", insertDataOption: "INSERT_ROWS" });
    expect(append?.data).toEqual({ range: "'Sign-ups'!A1", majorDimension: "ROWS", values: [ADA] });
    expect(app.fake.rows.get("Sign-ups")).toEqual([HEADER, ["Grace", "Hopper", "grace@example.com"], ADA]);
  });

  it("a retry after a lost answer finds the row already there and adds nothing", async () => {
    app.fake.loseNextAppendAnswer();
    await expect(app.execute(job())).rejects.toThrow(
      new RetryableActionError("Google Sheets answered HTTP 503: The service is currently unavailable."),
    );
    await expect(app.execute({ ...job(), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: `the row was already in "Sign-ups" (added once)`,
    });
    expect(calls()).toEqual([`GET ${HEADER_ROW}`, `POST ${APPEND}`, `GET ${HEADER_ROW}`, `GET ${WHOLE}`]);
    expect(app.fake.rows.get("Sign-ups")?.filter((row) => row[2] === "ada@example.com")).toHaveLength(1);
  });

  it("a retry whose first try never wrote the row appends it", async () => {
    await expect(app.execute({ ...job(), attempt: 2 })).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual([`GET ${HEADER_ROW}`, `GET ${WHOLE}`, `POST ${APPEND}`]);
    expect(app.fake.rows.get("Sign-ups")?.at(-1)).toEqual(ADA);
  });

  it("keeps what a registrant typed as text: RAW values, never formulas", async () => {
    const formula = job();
    formula.registrant = { ...formula.registrant, name: '=HYPERLINK("https://evil.example","x") Lovelace' };
    await app.execute(formula);
    expect(app.fake.requests[1]?.query.get("valueInputOption")).toBe("RAW");
    expect((app.fake.requests[1]?.data as { values: string[][] }).values[0]?.[0]).toBe('=HYPERLINK("https://evil.example","x")');
  });

  it("refuses a worksheet without a header row, and shows Google's refusals in its words", async () => {
    await expect(app.execute(job({ spreadsheet: SHEET, worksheet: "Empty" }))).rejects.toThrow(
      new PermanentActionError('Google Sheets: the worksheet "Empty" has no header row; write the column names (name, email, phone…) in row 1.'),
    );
    await expect(app.execute(job({ spreadsheet: "deleted-sheet", worksheet: "Sheet1" }))).rejects.toThrow(
      new PermanentActionError("Google Sheets answered HTTP 404: Requested entity was not found."),
    );
    await expect(app.execute(job({ spreadsheet: SHEET }))).rejects.toThrow(
      new PermanentActionError("Google Sheets: Pick a worksheet (worksheet)."),
    );
  });
});
