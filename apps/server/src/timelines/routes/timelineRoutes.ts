import { and, desc, eq } from "drizzle-orm";
import {
  CopySettingRequestSchema,
  CopyTimelineRequestSchema,
  ListMastersQuerySchema,
  SetItemRequestSchema,
  SetMasterRequestSchema,
} from "@cuepoint/sdk";
import { timelines } from "../../db/schema/index.js";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { assertJoinDomain } from "../../join-domain/assertJoinDomain.js";
import { assertTimelineSlot } from "../limits.js";
import { setSettingItem } from "../setItem.js";
import { findActiveTimeline, findTimeline, insertTimeline, lockAccount, saveTimeline } from "../store.js";
import { toMaster } from "../wire.js";
import { ack, AckAnswer } from "../../http/answers.js";
import { MasterAnswer, MastersAnswer, TIMELINES_TAG as tag } from "./answers.js";
import { timelineEventRoutes } from "./eventRoutes.js";
import { timelineRevisionRoutes } from "./revisionRoutes.js";
import { timelineSettingRoutes } from "./settingsRoutes.js";
import { timelineLifecycleRoutes } from "./lifecycleRoutes.js";
import { wizardRoutes } from "./wizardRoutes.js";

const listMasters = defineRoute({
  method: "GET",
  path: "/webinartimelinemaster/get",
  operationId: "timelines.listMasters",
  tag,
  summary: "The account's timelines: active ones, or the trash with ?filter=trash",
  description: "Most recently changed first. The setting is complete (every default filled in); actions are read with `webinartimelineevent/get`.",
  access: "timelines:read",
  query: ListMastersQuerySchema,
  answer: { description: "The timelines.", schema: MastersAnswer },
  async handle({ query, caller, deps }) {
    const rows = await deps.db.orm
      .select()
      .from(timelines)
      .where(and(eq(timelines.accountId, caller.accountId), eq(timelines.status, query.filter ?? "active")))
      .orderBy(desc(timelines.updatedAt), desc(timelines.createdAt));
    return { success: rows.map(toMaster) };
  },
});

const setMaster = defineRoute({
  method: "POST",
  path: "/webinartimelinemaster/set",
  operationId: "timelines.setMaster",
  tag,
  summary: "Save a timeline's whole setting, or create a timeline (no webinarTimeline)",
  description:
    "`blocks` is the master setting, parsed with the SDK's `TimelineMasterSettingSchema` (missing sections and " +
    "fields take their defaults; 400 names the field, e.g. `blocks.general.timeZone`). The name is " +
    "`blocks.general.timelineName` and is required. Creating counts against the plan's timeline limit " +
    "(active timelines; trashed ones do not count): over it the answer is 403 with the plan's message. " +
    "`general.joinDomain` is \"\" (the server's own address) or one of `GET /joindomains` (400 on " +
    "`blocks.general.joinDomain` otherwise; an unchanged value is not judged again). " +
    "Saving a trashed timeline is refused (422): restore it first. Every save stores a revision; `isPast` " +
    "is recorded on it. The actions' rules are judged when actions are saved, not here.",
  access: "timelines:write",
  body: SetMasterRequestSchema,
  answer: { description: "The saved timeline.", schema: MasterAnswer },
  async handle({ body, caller, deps }) {
    const name = body.blocks.general.timelineName.trim();
    if (name === "") throw badRequest("Name the timeline.", "blocks.general.timelineName");
    const setting = { ...body.blocks, general: { ...body.blocks.general, timelineName: name } };
    const now = deps.config.now();
    const joinDomain = (before: string | undefined) =>
      assertJoinDomain(deps.config.joinDomains, before, setting.general.joinDomain, "blocks.general.joinDomain");
    const row = await deps.db.orm.transaction(async (tx) => {
      if (body.webinarTimeline === undefined) {
        joinDomain(undefined);
        await lockAccount(tx, caller);
        await assertTimelineSlot(tx, caller);
        return insertTimeline(tx, caller, { name, setting, reason: "created" }, now);
      }
      const current = await findActiveTimeline(tx, caller, body.webinarTimeline);
      joinDomain(current.setting.general.joinDomain);
      return saveTimeline(tx, caller, current, { name, setting, reason: "setting", isPast: body.isPast }, now);
    });
    return { success: toMaster(row) };
  },
});

const setItem = defineRoute({
  method: "POST",
  path: "/webinartimelinemaster/set/item",
  operationId: "timelines.setItem",
  tag,
  summary: "Change one field of one section of a timeline's setting",
  description:
    "`key` is a dot path inside the section (`countdown.duration`, `whitelist.domains`). The changed setting " +
    "is parsed again with the SDK's schema: a value that breaks its rule is 400 on `value`, a key the section " +
    "does not have is 400 on `key`. Without `value` the field goes back to its default. Changing " +
    "`general.timelineName` renames the timeline (it may not be empty). Stores a revision.",
  access: "timelines:write",
  body: SetItemRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    await deps.db.orm.transaction(async (tx) => {
      const current = await findActiveTimeline(tx, caller, body.webinarTimeline);
      const setting = setSettingItem(current.setting, body.setting, body.key, body.value);
      assertJoinDomain(deps.config.joinDomains, current.setting.general.joinDomain, setting.general.joinDomain, "value");
      const name = setting.general.timelineName.trim();
      if (name === "") throw badRequest("Name the timeline.", "value");
      setting.general.timelineName = name;
      await saveTimeline(tx, caller, current, { name, setting, reason: `item:${body.setting}.${body.key}` }, deps.config.now());
    });
    return ack("The setting is saved.");
  },
});

const copySetting = defineRoute({
  method: "PUT",
  path: "/webinartimelinemaster/copysetting",
  operationId: "timelines.copySetting",
  tag,
  summary: "Copy one section of a timeline's setting onto another timeline",
  description:
    "Both timelines must be the caller's (404 otherwise, on either id); the target must be active (422). " +
    "Copying `general` keeps the target's own name. Stores a revision of the target.",
  access: "timelines:write",
  body: CopySettingRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    await deps.db.orm.transaction(async (tx) => {
      const from = await findTimeline(tx, caller, body.copyFrom);
      const to = await findActiveTimeline(tx, caller, body.copyTo, "copyTo");
      const section = structuredClone(from.setting[body.setting]);
      const setting = { ...to.setting, [body.setting]: section };
      setting.general = { ...setting.general, timelineName: to.name };
      await saveTimeline(tx, caller, to, { setting, reason: `copysetting:${body.setting}` }, deps.config.now());
    });
    return ack(`The ${body.setting} setting is copied.`);
  },
});

const copy = defineRoute({
  method: "POST",
  path: "/webinartimelinemaster/copy",
  operationId: "timelines.copy",
  tag,
  summary: "Copy a timeline (setting and actions) under a new name",
  description:
    "The source may be active or in the trash; the copy is active and not shared. It counts against the " +
    "plan's timeline and action limits (403 with the plan's message).",
  access: "timelines:write",
  body: CopyTimelineRequestSchema,
  answer: { description: "The new timeline.", schema: MasterAnswer },
  async handle({ body, caller, deps }) {
    const row = await deps.db.orm.transaction(async (tx) => {
      const source = await findTimeline(tx, caller, body.webinarTimeline);
      await lockAccount(tx, caller);
      await assertTimelineSlot(tx, caller, source.actionCount);
      const name = body.timelineName;
      const setting = { ...source.setting, general: { ...source.setting.general, timelineName: name } };
      return insertTimeline(tx, caller, { name, setting, blocks: source.blocks, reason: "copy" }, deps.config.now());
    });
    return { success: toMaster(row) };
  },
});

/** Every route of spec §7 "Timelines" (forms are `forms.ts`). */
export const timelineRoutes = [
  listMasters,
  setMaster,
  setItem,
  copySetting,
  copy,
  ...timelineLifecycleRoutes,
  ...timelineEventRoutes,
  ...timelineSettingRoutes,
  ...timelineRevisionRoutes,
  ...wizardRoutes,
];
