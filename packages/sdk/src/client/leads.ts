import type { Lead } from "../schemas/index.js";
import type { BanLeadRequest, ListLeadsQuery, UploadLeadsRequest } from "../schemas/requests/leads.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { toForm } from "./form.js";
import { group } from "./group.js";
import type { Ack, Page } from "./types.js";

export interface LeadsResource {
  /**
   * `GET /registrants?page&filter`: 20 a page; `filter` is `all`, `banned` or a search term.
   *
   * @example
   * const { success: leads, total } = await client.leads.list({ page: 1, filter: "all" })
   */
  list(query?: ListLeadsQuery): CuepointPromise<Page<Lead>>;
  /**
   * `POST /registrants` (multipart): registrants from a CSV file; a failure rejects with the
   * server's message.
   *
   * @example
   * await client.leads.upload({ webinarTimeline, csv: fileInput.files[0] })
   */
  upload(body: UploadLeadsRequest): CuepointPromise<Ack>;
  /** `POST /registrants/ban`. @example await client.leads.ban({ uuid }) */
  ban(body: BanLeadRequest): CuepointPromise<Ack>;
  /** `DELETE /registrants/{uuid}`. @example await client.leads.delete(lead.uuid) */
  delete(uuid: string): CuepointPromise<Ack>;
}

/** Leads (registrants) (spec §7 "Leads"). */
export const leads = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): LeadsResource =>
  group<LeadsResource>(call, {
    list: "GET /registrants",
    upload: "POST /registrants form",
    ban: "POST /registrants/ban",
    delete: "DELETE /registrants/{uuid}",
  }, toForm);
