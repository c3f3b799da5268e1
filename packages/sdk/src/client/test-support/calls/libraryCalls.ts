import * as R from "../../../schemas/requests/index.js";
import { CSV_PART, csvFile, type CallRow } from "./types.js";

/** Media library and leads calls. */
export const libraryCalls: Record<string, CallRow> = {
  "media.list": { call: (c) => c.media.list("video"), method: "GET", path: "/media/ajaxGetFiles/video", encoding: "none" },
  "media.list (folder)": { call: (c) => c.media.list("folder"), method: "GET", path: "/media/ajaxGetFiles/folder", encoding: "none" },
  "media.rename": {
    schema: R.RenameFileRequestSchema,
    call: (c) => c.media.rename({ uniqueID: "m1", name: "intro.mp4" }),
    method: "POST", path: "/media/renameFile", encoding: "json", body: { uniqueID: "m1", name: "intro.mp4" },
  },
  "media.delete": { call: (c) => c.media.delete("m1"), method: "DELETE", path: "/media/m1", encoding: "none" },
  "media.createFolder": {
    schema: R.CreateFolderRequestSchema,
    call: (c) => c.media.createFolder({ name: "Intros", type: "video" }),
    method: "POST", path: "/media/create", encoding: "json", body: { name: "Intros", type: "video" },
  },
  "media.status": {
    call: (c) => c.media.status("m1"), method: "GET", path: "/media/m1/status", encoding: "none",
    answer: { body: { ready: true, status: 0 } },
  },
  "media.download": {
    call: (c) => c.media.download("m1"), method: "GET", path: "/media/m1/file", encoding: "none",
    answer: { body: "PNG bytes", contentType: "image/png" },
  },
  "leads.list": {
    schema: R.ListLeadsQuerySchema,
    call: (c) => c.leads.list({ page: 2, filter: "banned" }),
    method: "GET", path: "/registrants", query: { page: "2", filter: "banned" }, encoding: "none",
  },
  "leads.upload": {
    schema: R.UploadLeadsRequestSchema,
    call: (c) => c.leads.upload({ webinarTimeline: "t1", csv: csvFile() }),
    method: "POST", path: "/registrants", encoding: "multipart",
    body: { webinarTimeline: "t1", csv: CSV_PART },
  },
  "leads.ban": {
    schema: R.BanLeadRequestSchema,
    call: (c) => c.leads.ban({ uuid: "r1" }), method: "POST", path: "/registrants/ban", encoding: "json", body: { uuid: "r1" },
  },
  "leads.delete": { call: (c) => c.leads.delete("r1"), method: "DELETE", path: "/registrants/r1", encoding: "none" },
};
