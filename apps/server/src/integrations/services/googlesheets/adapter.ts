import type { IntegrationAdapter, ServiceContext } from "../types.js";

/**
 * Google Sheets with an OAuth token (`Authorization: Bearer`): spreadsheets are listed through
 * the Drive API v3 (shared drives included), worksheets and header rows read through the
 * Sheets API v4. `CUEPOINT_GOOGLESHEETS_BASE_URL` rebases both hosts (their paths differ).
 */
const SPREADSHEET = "application/vnd.google-apps.spreadsheet";

const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

async function sheetsApi<T>(ctx: ServiceContext, path: string): Promise<T> {
  return ctx.call<T>(ctx.url(`https://sheets.googleapis.com/v4/spreadsheets/${path}`), { headers: await bearer(ctx) });
}

export const googleSheets: IntegrationAdapter = {
  async check(ctx) {
    await ctx.call(ctx.url("https://www.googleapis.com/drive/v3/about?fields=user"), { headers: await bearer(ctx) });
  },
  async lists(ctx) {
    const query = new URLSearchParams({
      q: `mimeType='${SPREADSHEET}' and trashed=false`,
      fields: "files(id,name)",
      pageSize: "1000",
      supportsAllDrives: "true",
      includeItemsFromAllDrives: "true",
    });
    const { files = [] } = await ctx.call<{ files?: Array<{ id: string; name: string }> }>(
      ctx.url(`https://www.googleapis.com/drive/v3/files?${query}`),
      { headers: await bearer(ctx) },
    );
    return { sheets: files.map((file) => ({ id: file.id, name: file.name })) };
  },
  async worksheets(ctx, spreadsheetID) {
    const { sheets = [] } = await sheetsApi<{ sheets?: Array<{ properties: { title: string } }> }>(
      ctx,
      `${encodeURIComponent(spreadsheetID)}?fields=sheets.properties.title`,
    );
    return sheets.map((sheet) => sheet.properties.title);
  },
  async headerRow(ctx, spreadsheetID, worksheet) {
    // A1 notation: the sheet name quoted (quotes doubled), row 1.
    const range = `'${worksheet.replaceAll("'", "''")}'!1:1`;
    const { values = [] } = await sheetsApi<{ values?: string[][] }>(
      ctx,
      `${encodeURIComponent(spreadsheetID)}/values/${encodeURIComponent(range)}`,
    );
    return values[0] ?? [];
  },
};
