import type { IntegrationService } from "../types.js";
import { googleSheets } from "./adapter.js";
import { addRow } from "./addRow.js";

/** Google Sheets (Drive v3 + Sheets v4) with an OAuth token: see README.md. */
export const googleSheetsService: IntegrationService = {
  ...googleSheets,
  kinds: ["GOOGLESHEETS"],
  actions: { addRow },
};
