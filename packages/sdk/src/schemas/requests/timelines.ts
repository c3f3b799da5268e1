import * as v from "valibot";
import { GeneralSettingSchema } from "../timelineSetting/general.js";
import { TimelineMasterSettingSchema } from "../timelineSetting/master.js";
import { TimelineBlocksSchema } from "../timelineNode.js";
import { FormBooleanSchema, IdSchema, jsonField, requiredText } from "./fields.js";

/** `POST /generalsetting/get`: the general setting of one node of a multi-event timeline. */
export const GetGeneralSettingRequestSchema = v.object({ webinarTimeline: IdSchema, nodeID: IdSchema });
export type GetGeneralSettingRequest = v.InferInput<typeof GetGeneralSettingRequestSchema>;

/** `POST /generalsetting/create`: stores the general setting of one node. */
export const CreateGeneralSettingRequestSchema = v.object({
  blocks: v.object({ webinarTimeline: IdSchema, nodeID: IdSchema, general: GeneralSettingSchema }),
});
export type CreateGeneralSettingRequest = v.InferInput<typeof CreateGeneralSettingRequestSchema>;
export type GeneralSettingBlocks = CreateGeneralSettingRequest["blocks"];

/** The `{type}` of `POST /globalsetting/{type}`: account-wide lists the editor offers. */
export const GLOBAL_SETTING_TYPES = ["language", "customfieldtype", "customfieldtemplate", "personalize"] as const;
export type GlobalSettingType = (typeof GLOBAL_SETTING_TYPES)[number];
export const GlobalSettingTypeSchema = v.picklist(GLOBAL_SETTING_TYPES);

/** The sections of a master setting (spec §3 "Timeline master"). */
export const MASTER_SETTING_SECTIONS = ["general", "registration", "page", "integration", "autoresponder"] as const;
export type MasterSettingSection = (typeof MASTER_SETTING_SECTIONS)[number];

/**
 * `POST /webinartimelinemaster/set`: saves a timeline's whole setting; without `webinarTimeline`
 * it creates a new timeline. `isPast` marks a save made from a past event's editor.
 */
export const SetMasterRequestSchema = v.object({
  webinarTimeline: v.optional(IdSchema),
  blocks: TimelineMasterSettingSchema,
  isPast: v.optional(FormBooleanSchema),
});
export type SetMasterRequest = v.InferInput<typeof SetMasterRequestSchema>;

/** `GET /webinartimelinemaster/get` query: active timelines, or the trash with `filter=trash`. */
export const ListMastersQuerySchema = v.object({ filter: v.optional(v.literal("trash")) });
export type ListMastersQuery = v.InferInput<typeof ListMastersQuerySchema>;

/** `POST /webinartimelinemaster/copy`: a copy under a new name. */
export const CopyTimelineRequestSchema = v.object({
  webinarTimeline: IdSchema,
  timelineName: requiredText("Name the copy."),
});
export type CopyTimelineRequest = v.InferInput<typeof CopyTimelineRequestSchema>;

/** `POST /webinartimelinemaster/set/item`: one field (`key`, dot path allowed) of one section. */
export const SetItemRequestSchema = v.object({
  webinarTimeline: IdSchema,
  setting: v.picklist(MASTER_SETTING_SECTIONS),
  key: requiredText(),
  value: v.unknown(),
});
export type SetItemRequest = v.InferInput<typeof SetItemRequestSchema>;

/** `PUT /webinartimelinemaster/copysetting`: copies one section from a timeline to another. */
export const CopySettingRequestSchema = v.object({
  copyFrom: IdSchema,
  copyTo: IdSchema,
  setting: v.picklist(MASTER_SETTING_SECTIONS),
});
export type CopySettingRequest = v.InferInput<typeof CopySettingRequestSchema>;

/**
 * `POST /webinartimelineevent/set` (multipart): all of a timeline's actions, per day bucket;
 * `isPast` when saved from a past event (spec §4).
 */
export const SetEventsRequestSchema = v.object({
  webinarTimeline: IdSchema,
  blocks: jsonField(TimelineBlocksSchema),
  isPast: FormBooleanSchema,
});
export type SetEventsRequest = v.InferInput<typeof SetEventsRequestSchema>;

/** `POST /webinartimelineevent/get/code`: imports the timeline a share code stands for. */
export const GetCodeRequestSchema = v.object({ code: requiredText("Enter the share code.") });
export type GetCodeRequest = v.InferInput<typeof GetCodeRequestSchema>;

/**
 * `POST /webinartimelineevent/autocsv` (multipart): the messages of an auto-chat action from a CSV
 * file (`csv`), for the node `id` of event `eventID`, shown to the audience `groups`.
 */
export const AutoChatCsvRequestSchema = v.object({
  webinarTimeline: IdSchema,
  groups: jsonField(v.array(v.string())),
  id: IdSchema,
  eventID: IdSchema,
  csv: v.blob("Attach the CSV file."),
});
export type AutoChatCsvRequest = v.InferInput<typeof AutoChatCsvRequestSchema>;

/**
 * `POST /wizard/templates[/{id}]`: the beginner wizard's templates, optionally searched.
 * `webinarTimelines` and `timelineNodes` ask for each template's settings and actions.
 */
export const WizardTemplatesRequestSchema = v.object({
  search: v.optional(v.string()),
  webinarTimelines: v.optional(FormBooleanSchema),
  timelineNodes: v.optional(FormBooleanSchema),
});
export type WizardTemplatesRequest = v.InferInput<typeof WizardTemplatesRequestSchema>;
