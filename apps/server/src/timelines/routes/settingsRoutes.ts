import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  CreateGeneralSettingRequestSchema,
  GeneralSettingSchema,
  GetGeneralSettingRequestSchema,
  GLOBAL_SETTING_TYPES,
  GlobalSettingTypeSchema,
} from "@cuepoint/sdk";
import { nodeGeneralSettings } from "../../db/schema/index.js";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { assertJoinDomain } from "../../join-domain/assertJoinDomain.js";
import { globalSetting } from "../globalSettings.js";
import { findActiveTimeline, findTimeline } from "../store.js";
import { TIMELINES_TAG as tag } from "./answers.js";

const GeneralAnswer = v.object({ success: GeneralSettingSchema });

const getGeneralSetting = defineRoute({
  method: "POST",
  path: "/generalsetting/get",
  operationId: "timelines.getGeneralSetting",
  tag,
  summary: "The general setting of one node (event) of a timeline",
  description:
    "`nodeID` is the node's key in a multi-event timeline (any text; not checked against the actions). A node " +
    "with no setting of its own answers the timeline's general setting, which it inherits.",
  access: "timelines:read",
  body: GetGeneralSettingRequestSchema,
  answer: { description: "The general setting.", schema: GeneralAnswer },
  async handle({ body, caller, deps }) {
    const timeline = await findTimeline(deps.db.orm, caller, body.webinarTimeline);
    const [own] = await deps.db.orm
      .select({ general: nodeGeneralSettings.general })
      .from(nodeGeneralSettings)
      .where(and(eq(nodeGeneralSettings.timelineId, timeline.id), eq(nodeGeneralSettings.nodeId, String(body.nodeID))));
    return { success: own?.general ?? timeline.setting.general };
  },
});

const createGeneralSetting = defineRoute({
  method: "POST",
  path: "/generalsetting/create",
  operationId: "timelines.createGeneralSetting",
  tag,
  summary: "Store the general setting of one node (event) of a timeline",
  description:
    "Creates or replaces the node's setting. `general` is parsed with the SDK's `GeneralSettingSchema` " +
    "(defaults filled in; 400 names the field, e.g. `blocks.general.timeZone`). The timeline must be active.",
  access: "timelines:write",
  body: CreateGeneralSettingRequestSchema,
  answer: { description: "The stored setting.", schema: GeneralAnswer },
  async handle({ body, caller, deps }) {
    const { webinarTimeline, nodeID, general } = body.blocks;
    const timeline = await findActiveTimeline(deps.db.orm, caller, webinarTimeline, "blocks.webinarTimeline");
    assertJoinDomain(deps.config.joinDomains, timeline.setting.general.joinDomain, general.joinDomain, "blocks.general.joinDomain");
    const now = deps.config.now();
    const [row] = await deps.db.orm
      .insert(nodeGeneralSettings)
      .values({ accountId: caller.accountId, timelineId: timeline.id, nodeId: String(nodeID), general, updatedAt: now })
      .onConflictDoUpdate({ target: [nodeGeneralSettings.timelineId, nodeGeneralSettings.nodeId], set: { general, updatedAt: now } })
      .returning({ general: nodeGeneralSettings.general });
    return { success: row?.general ?? general };
  },
});

const globalSettings = defineRoute({
  method: "POST",
  path: "/globalsetting/:type",
  operationId: "timelines.globalSetting",
  tag,
  summary: "Lists the timeline editor offers: language, customfieldtype, customfieldtemplate, personalize",
  description:
    "Built-in entries (`source: \"builtin\"`) followed by the account's own (`source: \"account\"`). " +
    "`language`: `{ code, name }`, ISO 639-1, plus languages the account's timelines use. `customfieldtype`: " +
    "`{ value, label }`, the SDK's custom field types. `customfieldtemplate`: ready-made registration fields " +
    "(`{ name, label, type, required, options? }`) plus the fields of the account's form templates and " +
    "timelines. `personalize`: `{ tag, label }` merge tags in single braces (`{first_name}`, `{join_link}`), " +
    "plus `{custom.<field>}` for each of the account's custom fields.",
  access: "timelines:read",
  answer: { description: "The list.", schema: v.object({ success: v.array(v.record(v.string(), v.unknown())) }) },
  async handle({ params, caller, deps }) {
    const type = params.type ?? "";
    if (!v.is(GlobalSettingTypeSchema, type)) {
      throw badRequest(`"${type}" is not a list: use one of ${GLOBAL_SETTING_TYPES.join(", ")}.`, "type");
    }
    return { success: await globalSetting(deps.db.orm, caller.accountId, type) };
  },
});

export const timelineSettingRoutes = [getGeneralSetting, createGeneralSetting, globalSettings];
