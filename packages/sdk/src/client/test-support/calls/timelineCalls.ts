import * as R from "../../../schemas/requests/index.js";
import { PageCheckRequestSchema } from "../../../registration/pageCheck.js";
import { CSV_PART, csvFile, type CallRow } from "./types.js";

const blocks = { "0": [{ minutes: 15, isAfter: -1 as const, action: "sendMail", groupID: "3" }], "1": [] };

/** Timeline and form-template calls. */
export const timelineCalls: Record<string, CallRow> = {
  "timelines.delete": {
    schema: R.WebinarTimelineRequestSchema,
    call: (c) => c.timelines.delete("t1"), method: "POST", path: "/webinartimeline/delete", encoding: "json", body: { webinarTimeline: "t1" },
  },
  "timelines.checkIfUsed": {
    schema: R.WebinarTimelineRequestSchema,
    call: (c) => c.timelines.checkIfUsed("t1"),
    method: "POST", path: "/webinartimeline/check_if_used", encoding: "json", body: { webinarTimeline: "t1" },
  },
  "timelines.getGeneralSetting": {
    schema: R.GetGeneralSettingRequestSchema,
    call: (c) => c.timelines.getGeneralSetting({ webinarTimeline: "t1", nodeID: "n1" }),
    method: "POST", path: "/generalsetting/get", encoding: "json", body: { webinarTimeline: "t1", nodeID: "n1" },
  },
  "timelines.createGeneralSetting": {
    schema: R.CreateGeneralSettingRequestSchema,
    call: (c) => c.timelines.createGeneralSetting({ webinarTimeline: "t1", nodeID: "n1", general: { timelineName: "Day 2" } }),
    method: "POST", path: "/generalsetting/create", encoding: "json",
    body: { blocks: { webinarTimeline: "t1", nodeID: "n1", general: { timelineName: "Day 2" } } },
  },
  "timelines.globalSetting": {
    call: (c) => c.timelines.globalSetting("customfieldtemplate"), method: "POST", path: "/globalsetting/customfieldtemplate", encoding: "none",
  },
  "timelines.setMaster": {
    schema: R.SetMasterRequestSchema,
    call: (c) => c.timelines.setMaster({ webinarTimeline: "t1", blocks: { general: { timelineName: "Launch" } }, isPast: false }),
    method: "POST", path: "/webinartimelinemaster/set", encoding: "json",
    body: { webinarTimeline: "t1", blocks: { general: { timelineName: "Launch" } }, isPast: false },
  },
  "timelines.listMasters": {
    schema: R.ListMastersQuerySchema,
    call: (c) => c.timelines.listMasters(), method: "GET", path: "/webinartimelinemaster/get", query: {}, encoding: "none",
  },
  "timelines.listMasters (trash)": {
    schema: R.ListMastersQuerySchema,
    call: (c) => c.timelines.listMasters({ filter: "trash" }),
    method: "GET", path: "/webinartimelinemaster/get", query: { filter: "trash" }, encoding: "none",
  },
  "timelines.restore": {
    schema: R.WebinarTimelineRequestSchema,
    call: (c) => c.timelines.restore("t1"), method: "POST", path: "/webinartimelinemaster/restore", encoding: "json", body: { webinarTimeline: "t1" },
  },
  "timelines.share": {
    schema: R.WebinarTimelineRequestSchema,
    call: (c) => c.timelines.share("t1"), method: "POST", path: "/webinartimelinemaster/share", encoding: "json", body: { webinarTimeline: "t1" },
  },
  "timelines.copy": {
    schema: R.CopyTimelineRequestSchema,
    call: (c) => c.timelines.copy({ webinarTimeline: "t1", timelineName: "Copy" }),
    method: "POST", path: "/webinartimelinemaster/copy", encoding: "json", body: { webinarTimeline: "t1", timelineName: "Copy" },
  },
  "timelines.setItem": {
    schema: R.SetItemRequestSchema,
    call: (c) => c.timelines.setItem({ webinarTimeline: "t1", setting: "general", key: "visible", value: false }),
    method: "POST", path: "/webinartimelinemaster/set/item", encoding: "json",
    body: { webinarTimeline: "t1", setting: "general", key: "visible", value: false },
  },
  "timelines.copySetting": {
    schema: R.CopySettingRequestSchema,
    call: (c) => c.timelines.copySetting({ copyFrom: "t1", copyTo: "t2", setting: "autoresponder" }),
    method: "PUT", path: "/webinartimelinemaster/copysetting", encoding: "json",
    body: { copyFrom: "t1", copyTo: "t2", setting: "autoresponder" },
  },
  "timelines.setEvents": {
    schema: R.SetEventsRequestSchema,
    call: (c) => c.timelines.setEvents({ webinarTimeline: "t1", blocks, isPast: true }),
    method: "POST", path: "/webinartimelineevent/set", encoding: "multipart",
    body: { webinarTimeline: "t1", blocks: JSON.stringify(blocks), isPast: "true" },
  },
  "timelines.getEvents": {
    schema: R.WebinarTimelineRequestSchema,
    call: (c) => c.timelines.getEvents("t1"), method: "POST", path: "/webinartimelineevent/get", encoding: "json", body: { webinarTimeline: "t1" },
  },
  "timelines.getCode": {
    schema: R.GetCodeRequestSchema,
    call: (c) => c.timelines.getCode("X7K2"), method: "POST", path: "/webinartimelineevent/get/code", encoding: "json", body: { code: "X7K2" },
  },
  "timelines.uploadAutoChatCsv": {
    schema: R.AutoChatCsvRequestSchema,
    call: (c) =>
      c.timelines.uploadAutoChatCsv({ webinarTimeline: "t1", groups: ["3", "a1"], id: "n1", eventID: "e1", csv: csvFile() }),
    method: "POST", path: "/webinartimelineevent/autocsv", encoding: "multipart",
    body: {
      webinarTimeline: "t1", groups: '["3","a1"]', id: "n1", eventID: "e1",
      csv: CSV_PART,
    },
  },
  "timelines.wizardTemplates": {
    schema: R.WizardTemplatesRequestSchema,
    call: (c) => c.timelines.wizardTemplates({ search: "launch", timelineNodes: true }),
    method: "POST", path: "/wizard/templates", encoding: "json", body: { search: "launch", timelineNodes: true },
  },
  "timelines.wizardTemplate": {
    call: (c) => c.timelines.wizardTemplate("wt1"), method: "POST", path: "/wizard/templates/wt1", encoding: "none",
  },
  "timelines.revisions": { call: (c) => c.timelines.revisions("t1"), method: "GET", path: "/timelines/t1/revisions", encoding: "none" },
  "timelines.revision": {
    call: (c) => c.timelines.revision("t1", "r1"), method: "GET", path: "/timelines/t1/revisions/r1", encoding: "none",
  },
  "timelines.restoreRevision": {
    call: (c) => c.timelines.restoreRevision("t1", "r1"), method: "POST", path: "/timelines/t1/revisions/r1/restore", encoding: "none",
  },
  "timelines.pageCheck": {
    schema: PageCheckRequestSchema,
    call: (c) => c.timelines.pageCheck("t1", { url: "https://www.example.com/webinar" }),
    method: "POST", path: "/webinartimelinemaster/t1/pagecheck", encoding: "json", body: { url: "https://www.example.com/webinar" },
  },
  "timelines.joinDomains": { call: (c) => c.timelines.joinDomains(), method: "GET", path: "/joindomains", encoding: "none" },
  "forms.list": { call: (c) => c.forms.list(), method: "GET", path: "/forms", encoding: "none" },
  "forms.create": {
    schema: R.FormRequestSchema,
    call: (c) => c.forms.create({ name: "Short" }), method: "POST", path: "/forms", encoding: "json", body: { name: "Short" },
  },
  "forms.create (fields)": {
    schema: R.FormRequestSchema,
    call: (c) => c.forms.create({ name: "Long", fields: [{ name: "company" }, { name: "phone", type: "phone" }] }),
    method: "POST", path: "/forms", encoding: "json",
    body: { name: "Long", fields: [{ name: "company" }, { name: "phone", type: "phone" }] },
  },
  "forms.update": {
    schema: R.FormRequestSchema,
    call: (c) => c.forms.update("f1", { name: "Long" }), method: "PUT", path: "/forms/f1", encoding: "json", body: { name: "Long" },
  },
  "forms.delete": { call: (c) => c.forms.delete("f1"), method: "DELETE", path: "/forms/f1", encoding: "none" },
};
