import type { Client } from "./createClient.js";
import { createFetcher, type ClientOptions, type Query } from "./createFetcher.js";
import { CuepointError } from "./errors.js";

export interface DownloadCsvOptions {
  /** Receives the failure (message `Failed to fetch`, with `status`) instead of the console. */
  onError?: (error: CuepointError) => void;
}

/**
 * Downloads a CSV export with the bearer token (spec §7): resolves its text, or `false` after
 * reporting `Failed to fetch` and the status (spec §8) — to `onError` when given, else the console.
 *
 * @example
 * const csv = await downloadCsv(client, "/webinar/export", { type: "registrants", webinarID })
 * if (csv !== false) saveAs(new Blob([csv], { type: "text/csv" }), "registrants.csv")
 */
export async function downloadCsv(
  target: Pick<Client, "request"> | ClientOptions,
  path: string,
  query?: Query,
  options: DownloadCsvOptions = {},
): Promise<string | false> {
  const request = "request" in target ? target.request : createFetcher(target);
  try {
    const text = await request<string>("GET", path, query, { responseType: "text" });
    return text ?? "";
  } catch (error) {
    const status = (error as CuepointError).status;
    const failure = new CuepointError("Failed to fetch", status, (error as CuepointError).data, { cause: error });
    if (options.onError) options.onError(failure);
    else console.error(failure.message, status ?? "(no response)");
    return false;
  }
}
