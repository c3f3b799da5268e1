import type { Lead } from "../schemas/index.js";
import type { BanLeadRequest, ListLeadsQuery, UploadLeadsRequest } from "../schemas/requests/leads.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { toForm } from "./form.js";
import { group } from "./group.js";
import { route, type CallOf } from "./route.js";
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

/**
 * `GET /registrants?page&filter`: 20 a page; `filter` is `all`, `banned` or a search term.
 *
 * @example
 * const { success: leads, total } = await leadsList(client, { page: 1, filter: "all" })
 */
export const leadsList: CallOf<LeadsResource["list"]> = /* @__PURE__ */ route("GET /registrants");

/**
 * `POST /registrants` (multipart): registrants from a CSV file; a failure rejects with the server's
 * message.
 *
 * @example
 * await leadsUpload(client, { webinarTimeline, csv: fileInput.files[0] })
 */
export const leadsUpload: CallOf<LeadsResource["upload"]> = /* @__PURE__ */ route("POST /registrants form", toForm);

/** `POST /registrants/ban`. @example await leadsBan(client, { uuid }) */
export const leadsBan: CallOf<LeadsResource["ban"]> = /* @__PURE__ */ route("POST /registrants/ban");

/** `DELETE /registrants/{uuid}`. @example await leadsDelete(client, lead.uuid) */
export const leadsDelete: CallOf<LeadsResource["delete"]> = /* @__PURE__ */ route("DELETE /registrants/{uuid}");

/** Leads (registrants) (spec §7 "Leads"). */
export const leads = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): LeadsResource =>
  group<LeadsResource>(call, {
    list: leadsList,
    upload: leadsUpload,
    ban: leadsBan,
    delete: leadsDelete,
  });
