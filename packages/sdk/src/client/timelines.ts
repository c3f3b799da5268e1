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

/** Timelines: master settings, actions, sharing, wizard (spec §7 "Timelines"). */
export const timelines = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): TimelinesResource =>
  group<TimelinesResource>(call, {
    delete: (webinarTimeline) => call.raw("POST", "/webinartimeline/delete", { webinarTimeline }),
    checkIfUsed: "POST /webinartimeline/check_if_used =webinarTimeline",
    getGeneralSetting: "POST /generalsetting/get",
    createGeneralSetting: "POST /generalsetting/create =blocks",
    globalSetting: "POST /globalsetting/{type}",
    setMaster: "POST /webinartimelinemaster/set",
    listMasters: "GET /webinartimelinemaster/get",
    restore: "POST /webinartimelinemaster/restore =webinarTimeline",
    share: "POST /webinartimelinemaster/share =webinarTimeline",
    copy: "POST /webinartimelinemaster/copy",
    setItem: "POST /webinartimelinemaster/set/item",
    copySetting: "PUT /webinartimelinemaster/copysetting",
    setEvents: "POST /webinartimelineevent/set form",
    getEvents: "POST /webinartimelineevent/get =webinarTimeline",
    getCode: "POST /webinartimelineevent/get/code =code",
    uploadAutoChatCsv: "POST /webinartimelineevent/autocsv form",
    wizardTemplates: "POST /wizard/templates",
    wizardTemplate: "POST /wizard/templates/{id}",
    revisions: "GET /timelines/{id}/revisions",
    revision: "GET /timelines/{id}/revisions/{revisionId}",
    restoreRevision: "POST /timelines/{id}/revisions/{revisionId}/restore",
    pageCheck: "POST /webinartimelinemaster/{id}/pagecheck",
    joinDomains: "GET /joindomains",
  }, toForm);
