import type * as v from "valibot";
import type { Client } from "../../createClient.js";

/** One client method and what the server must receive from it. */
export type CallRow = {
  call: (client: Client) => Promise<unknown>;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string>;
  encoding: "none" | "json" | "multipart";
  body?: unknown;
  /** The request schema the server validates this call with (body, multipart form or query). */
  schema?: v.GenericSchema;
  /** Headers the call must carry besides the bearer token and the XSRF echo (lower-case names). */
  headers?: Record<string, string>;
  /** Answer to script, when the method needs a particular one (CSV, analytics). */
  answer?: { body: unknown; contentType?: string };
};

/** A CSV file as a browser would attach it. */
export const csvFile = () => new File(["email,name\na@b.co,Ada\n"], "leads.csv", { type: "text/csv" });
/** What the recorder reports for `csvFile()` in a multipart body. */
export const CSV_PART = { file: "leads.csv", type: "text/csv", text: "email,name\na@b.co,Ada\n" };
