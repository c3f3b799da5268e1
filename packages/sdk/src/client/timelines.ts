import type { FetchResponse } from "ofetch";
import type { GeneralSetting, TimelineBlocks, TimelineMaster, TimelineMasterSetting } from "../schemas/index.js";
import type {
  AutoChatCsvRequest,
  CopySettingRequest,
  CopyTimelineRequest,
  GeneralSettingBlocks,
  GetGeneralSettingRequest,
  GlobalSettingType,
  ListMastersQuery,
  SetEventsRequest,
  SetItemRequest,
  SetMasterRequest,
  WizardTemplatesRequest,
} from "../schemas/requests/timelines.js";
import type { PageCheckRequest, PageCheckResult } from "../registration/pageCheck.js";
import type { JoinDomain } from "../rules/joinDomain/index.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { toForm } from "./form.js";
import { group } from "./group.js";
import { fetcherOf, route, type CallOf } from "./route.js";
import type { Ack, Success } from "./types.js";

type Id = string | number;

/** A template of the beginner wizard. */
export interface WizardTemplate {
  id: string;
  name: string;
  description?: string;
  webinarTimeline?: TimelineMaster;
  timelineNodes?: TimelineBlocks;
}

/** A saved version of a timeline (Version History): one per save, each a full snapshot. */
export interface TimelineRevision {
  id: string;
  /** ISO timestamp of the save. */
  created_at: string;
  /** Name (else email) of who saved; absent when that user is gone. */
  user?: string;
  /** Id of who saved; null when that user is gone. */
  user_id: string | null;
  /**
   * What the save was: `created`, `setting`, `item:<section>.<key>`, `copysetting:<section>`,
   * `blocks`, `autocsv`, `copy`, `import`, `restore`.
   */
  reason: string;
  /** Saved from a past event's editor. */
  isPast: boolean;
  /** For a restore: the id of the revision put back. */
  restored_from: string | null;
  /** The timeline's name in this version. */
  timelineName: string;
  /** How many actions (nodes) the snapshot holds. */
  actions: number;
  [field: string]: unknown;
}

/** One revision with its snapshot: the setting and every bucket's actions ("-45".."45"). */
export interface TimelineRevisionDetail extends TimelineRevision {
  setting: TimelineMasterSetting;
  blocks: TimelineBlocks;
}

export interface TimelinesResource {
  /** `POST /webinartimeline/delete`: moves to the trash; resolves the raw response. @example (await client.timelines.delete(id)).status */
  delete(webinarTimeline: Id): Promise<FetchResponse<Ack>>;
  /** `POST /webinartimeline/check_if_used`: has it scheduled events? @example const { success: used } = await client.timelines.checkIfUsed(id) */
  checkIfUsed(webinarTimeline: Id): CuepointPromise<Success<boolean>>;
  /** `POST /generalsetting/get`. @example await client.timelines.getGeneralSetting({ webinarTimeline, nodeID }) */
  getGeneralSetting(body: GetGeneralSettingRequest): CuepointPromise<Success<GeneralSetting>>;
  /** `POST /generalsetting/create`. @example await client.timelines.createGeneralSetting({ webinarTimeline, nodeID, general }) */
  createGeneralSetting(blocks: GeneralSettingBlocks): CuepointPromise<Success<GeneralSetting>>;
  /** `POST /globalsetting/{type}`: account-wide lists. @example await client.timelines.globalSetting("language") */
  globalSetting(type: GlobalSettingType): CuepointPromise<Success<Array<Record<string, unknown>>>>;
  /**
   * `POST /webinartimelinemaster/set`: saves (or, without `webinarTimeline`, creates) a timeline.
   *
   * @example
   * const { success } = await client.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Launch" } }) })
   */
  setMaster(body: SetMasterRequest): CuepointPromise<Success<TimelineMaster>>;
  /** `GET /webinartimelinemaster/get[?filter=trash]`. @example await client.timelines.listMasters({ filter: "trash" }) */
  listMasters(query?: ListMastersQuery): CuepointPromise<Success<TimelineMaster[]>>;
  /** `POST /webinartimelinemaster/restore`: out of the trash. @example await client.timelines.restore(id) */
  restore(webinarTimeline: Id): CuepointPromise<Success<TimelineMaster>>;
  /** `POST /webinartimelinemaster/share`: a code another account imports with `getCode`. @example const { success } = await client.timelines.share(id) */
  share(webinarTimeline: Id): CuepointPromise<Success<{ code: string }>>;
  /** `POST /webinartimelinemaster/copy`. @example await client.timelines.copy({ webinarTimeline, timelineName: "Launch (copy)" }) */
  copy(body: CopyTimelineRequest): CuepointPromise<Success<TimelineMaster>>;
  /** `POST /webinartimelinemaster/set/item`. @example await client.timelines.setItem({ webinarTimeline, setting: "general", key: "visible", value: false }) */
  setItem(body: SetItemRequest): CuepointPromise<Ack>;
  /** `PUT /webinartimelinemaster/copysetting`. @example await client.timelines.copySetting({ copyFrom, copyTo, setting: "autoresponder" }) */
  copySetting(body: CopySettingRequest): CuepointPromise<Ack>;
  /**
   * `POST /webinartimelineevent/set` (multipart, `blocks` as JSON): saves all actions.
   *
   * @example
   * await client.timelines.setEvents({ webinarTimeline, blocks, isPast: false })
   */
  setEvents(body: SetEventsRequest): CuepointPromise<Success<TimelineBlocks>>;
  /** `POST /webinartimelineevent/get`: the actions per bucket. @example const { success: blocks } = await client.timelines.getEvents(id) */
  getEvents(webinarTimeline: Id): CuepointPromise<Success<TimelineBlocks>>;
  /** `POST /webinartimelineevent/get/code`: imports a shared timeline. @example await client.timelines.getCode("X7K2") */
  getCode(code: string): CuepointPromise<Success<TimelineMaster>>;
  /** `POST /webinartimelineevent/autocsv` (multipart). @example await client.timelines.uploadAutoChatCsv({ webinarTimeline, groups: ["3"], id, eventID, csv: file }) */
  uploadAutoChatCsv(body: AutoChatCsvRequest): CuepointPromise<Ack>;
  /** `POST /wizard/templates`. @example await client.timelines.wizardTemplates({ search: "launch" }) */
  wizardTemplates(body?: WizardTemplatesRequest): CuepointPromise<Success<WizardTemplate[]>>;
  /** `POST /wizard/templates/{id}`. @example await client.timelines.wizardTemplate(id, { timelineNodes: true }) */
  wizardTemplate(id: Id, body?: WizardTemplatesRequest): CuepointPromise<Success<WizardTemplate>>;
  /** `GET /timelines/{id}/revisions`. @example await client.timelines.revisions(id) */
  revisions(id: Id): CuepointPromise<Success<TimelineRevision[]>>;
  /** `GET /timelines/{id}/revisions/{revisionId}`: one revision with its snapshot. @example const { success: { blocks } } = await client.timelines.revision(id, revisionId) */
  revision(id: Id, revisionId: Id): CuepointPromise<Success<TimelineRevisionDetail>>;
  /**
   * `POST /timelines/{id}/revisions/{revisionId}/restore`: makes a revision the current version,
   * saved as a new revision (`reason: restore`), so a restore can be undone too.
   *
   * @example
   * const { success: timeline } = await client.timelines.restoreRevision(id, revisionId)
   */
  restoreRevision(id: Id, revisionId: Id): CuepointPromise<Success<TimelineMaster>>;
  /**
   * `POST /webinartimelinemaster/{id}/pagecheck`: "test this page" — the server reads the host's
   * published page and says which way of registering it found working for this timeline, and what
   * is missing. A page it could not read is an answer too (a failing `fetch` check), not an error.
   *
   * @example
   * const { success } = await client.timelines.pageCheck(id, { url: "https://www.example.com/webinar" });
   * success.found; // "script" | "form" | "iframe" | null
   */
  pageCheck(id: Id, body: PageCheckRequest): CuepointPromise<Success<PageCheckResult>>;
  /**
   * `GET /joindomains`: the join domains this server's operator listed (`CUEPOINT_JOIN_DOMAINS`,
   * at most six), the values a timeline's `general.joinDomain` may take besides "" (the server's
   * own address).
   *
   * @example
   * const { success: domains } = await client.timelines.joinDomains(); // [{ domain: "events.example.com", url: "https://events.example.com" }]
   */
  joinDomains(): CuepointPromise<Success<JoinDomain[]>>;
}

/** `POST /webinartimeline/delete`: moves to the trash; resolves the raw response. @example (await timelinesDelete(client, id)).status */
export const timelinesDelete: CallOf<TimelinesResource["delete"]> = (client, webinarTimeline) =>
  fetcherOf(client).raw("POST", "/webinartimeline/delete", { webinarTimeline });

/** `POST /webinartimeline/check_if_used`: has it scheduled events? @example const { success: used } = await timelinesCheckIfUsed(client, id) */
export const timelinesCheckIfUsed: CallOf<TimelinesResource["checkIfUsed"]> = /* @__PURE__ */ route("POST /webinartimeline/check_if_used =webinarTimeline");

/** `POST /generalsetting/get`. @example await timelinesGetGeneralSetting(client, { webinarTimeline, nodeID }) */
export const timelinesGetGeneralSetting: CallOf<TimelinesResource["getGeneralSetting"]> = /* @__PURE__ */ route("POST /generalsetting/get");

/** `POST /generalsetting/create`. @example await timelinesCreateGeneralSetting(client, { webinarTimeline, nodeID, general }) */
export const timelinesCreateGeneralSetting: CallOf<TimelinesResource["createGeneralSetting"]> = /* @__PURE__ */ route("POST /generalsetting/create =blocks");

/** `POST /globalsetting/{type}`: account-wide lists. @example await timelinesGlobalSetting(client, "language") */
export const timelinesGlobalSetting: CallOf<TimelinesResource["globalSetting"]> = /* @__PURE__ */ route("POST /globalsetting/{type}");

/**
 * `POST /webinartimelinemaster/set`: saves (or, without `webinarTimeline`, creates) a timeline.
 *
 * @example
 * const { success } = await timelinesSetMaster(client, { blocks: createMasterSetting({ general: { timelineName: "Launch" } }) })
 */
export const timelinesSetMaster: CallOf<TimelinesResource["setMaster"]> = /* @__PURE__ */ route("POST /webinartimelinemaster/set");

/** `GET /webinartimelinemaster/get[?filter=trash]`. @example await timelinesListMasters(client, { filter: "trash" }) */
export const timelinesListMasters: CallOf<TimelinesResource["listMasters"]> = /* @__PURE__ */ route("GET /webinartimelinemaster/get");

/** `POST /webinartimelinemaster/restore`: out of the trash. @example await timelinesRestore(client, id) */
export const timelinesRestore: CallOf<TimelinesResource["restore"]> = /* @__PURE__ */ route("POST /webinartimelinemaster/restore =webinarTimeline");

/**
 * `POST /webinartimelinemaster/share`: a code another account imports with `getCode`.
 *
 * @example
 * const { success } = await timelinesShare(client, id)
 */
export const timelinesShare: CallOf<TimelinesResource["share"]> = /* @__PURE__ */ route("POST /webinartimelinemaster/share =webinarTimeline");

/** `POST /webinartimelinemaster/copy`. @example await timelinesCopy(client, { webinarTimeline, timelineName: "Launch (copy)" }) */
export const timelinesCopy: CallOf<TimelinesResource["copy"]> = /* @__PURE__ */ route("POST /webinartimelinemaster/copy");

/**
 * `POST /webinartimelinemaster/set/item`.
 *
 * @example
 * await timelinesSetItem(client, { webinarTimeline, setting: "general", key: "visible", value: false })
 */
export const timelinesSetItem: CallOf<TimelinesResource["setItem"]> = /* @__PURE__ */ route("POST /webinartimelinemaster/set/item");

/** `PUT /webinartimelinemaster/copysetting`. @example await timelinesCopySetting(client, { copyFrom, copyTo, setting: "autoresponder" }) */
export const timelinesCopySetting: CallOf<TimelinesResource["copySetting"]> = /* @__PURE__ */ route("PUT /webinartimelinemaster/copysetting");

/**
 * `POST /webinartimelineevent/set` (multipart, `blocks` as JSON): saves all actions.
 *
 * @example
 * await timelinesSetEvents(client, { webinarTimeline, blocks, isPast: false })
 */
export const timelinesSetEvents: CallOf<TimelinesResource["setEvents"]> = /* @__PURE__ */ route("POST /webinartimelineevent/set form", toForm);

/** `POST /webinartimelineevent/get`: the actions per bucket. @example const { success: blocks } = await timelinesGetEvents(client, id) */
export const timelinesGetEvents: CallOf<TimelinesResource["getEvents"]> = /* @__PURE__ */ route("POST /webinartimelineevent/get =webinarTimeline");

/** `POST /webinartimelineevent/get/code`: imports a shared timeline. @example await timelinesGetCode(client, "X7K2") */
export const timelinesGetCode: CallOf<TimelinesResource["getCode"]> = /* @__PURE__ */ route("POST /webinartimelineevent/get/code =code");

/**
 * `POST /webinartimelineevent/autocsv` (multipart).
 *
 * @example
 * await timelinesUploadAutoChatCsv(client, { webinarTimeline, groups: ["3"], id, eventID, csv: file })
 */
export const timelinesUploadAutoChatCsv: CallOf<TimelinesResource["uploadAutoChatCsv"]> = /* @__PURE__ */ route("POST /webinartimelineevent/autocsv form", toForm);

/** `POST /wizard/templates`. @example await timelinesWizardTemplates(client, { search: "launch" }) */
export const timelinesWizardTemplates: CallOf<TimelinesResource["wizardTemplates"]> = /* @__PURE__ */ route("POST /wizard/templates");

/** `POST /wizard/templates/{id}`. @example await timelinesWizardTemplate(client, id, { timelineNodes: true }) */
export const timelinesWizardTemplate: CallOf<TimelinesResource["wizardTemplate"]> = /* @__PURE__ */ route("POST /wizard/templates/{id}");

/** `GET /timelines/{id}/revisions`. @example await timelinesRevisions(client, id) */
export const timelinesRevisions: CallOf<TimelinesResource["revisions"]> = /* @__PURE__ */ route("GET /timelines/{id}/revisions");

/**
 * `GET /timelines/{id}/revisions/{revisionId}`: one revision with its snapshot.
 *
 * @example
 * const { success: { blocks } } = await timelinesRevision(client, id, revisionId)
 */
export const timelinesRevision: CallOf<TimelinesResource["revision"]> = /* @__PURE__ */ route("GET /timelines/{id}/revisions/{revisionId}");

/**
 * `POST /timelines/{id}/revisions/{revisionId}/restore`: makes a revision the current version,
 * saved as a new revision (`reason: restore`), so a restore can be undone too.
 *
 * @example
 * const { success: timeline } = await timelinesRestoreRevision(client, id, revisionId)
 */
export const timelinesRestoreRevision: CallOf<TimelinesResource["restoreRevision"]> = /* @__PURE__ */ route("POST /timelines/{id}/revisions/{revisionId}/restore");

/**
 * `POST /webinartimelinemaster/{id}/pagecheck`: "test this page" — the server reads the host's
 * published page and says which way of registering it found working for this timeline, and what is
 * missing. A page it could not read is an answer too (a failing `fetch` check), not an error.
 *
 * @example
 * const { success } = await timelinesPageCheck(client, id, { url: "https://www.example.com/webinar" });
 * success.found; // "script" | "form" | "iframe" | null
 */
export const timelinesPageCheck: CallOf<TimelinesResource["pageCheck"]> = /* @__PURE__ */ route("POST /webinartimelinemaster/{id}/pagecheck");

/**
 * `GET /joindomains`: the join domains this server's operator listed (`CUEPOINT_JOIN_DOMAINS`, at
 * most six), the values a timeline's `general.joinDomain` may take besides "" (the server's own
 * address).
 *
 * @example
 * const { success: domains } = await timelinesJoinDomains(client); // [{ domain: "events.example.com", url: "https://events.example.com" }]
 */
export const timelinesJoinDomains: CallOf<TimelinesResource["joinDomains"]> = /* @__PURE__ */ route("GET /joindomains");

/** Timelines: master settings, actions, sharing, wizard (spec §7 "Timelines"). */
export const timelines = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): TimelinesResource =>
  group<TimelinesResource>(call, {
    delete: timelinesDelete,
    checkIfUsed: timelinesCheckIfUsed,
    getGeneralSetting: timelinesGetGeneralSetting,
    createGeneralSetting: timelinesCreateGeneralSetting,
    globalSetting: timelinesGlobalSetting,
    setMaster: timelinesSetMaster,
    listMasters: timelinesListMasters,
    restore: timelinesRestore,
    share: timelinesShare,
    copy: timelinesCopy,
    setItem: timelinesSetItem,
    copySetting: timelinesCopySetting,
    setEvents: timelinesSetEvents,
    getEvents: timelinesGetEvents,
    getCode: timelinesGetCode,
    uploadAutoChatCsv: timelinesUploadAutoChatCsv,
    wizardTemplates: timelinesWizardTemplates,
    wizardTemplate: timelinesWizardTemplate,
    revisions: timelinesRevisions,
    revision: timelinesRevision,
    restoreRevision: timelinesRestoreRevision,
    pageCheck: timelinesPageCheck,
    joinDomains: timelinesJoinDomains,
  });
