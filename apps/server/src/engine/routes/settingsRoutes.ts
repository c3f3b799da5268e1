import * as v from "valibot";
import { AutomationSettingsQuerySchema, AutomationSettingsRequestSchema, CatchUpPolicySchema, QuietHoursSchema } from "@cuepoint/sdk";
import { automationSettingsOf, storeAutomationSettings } from "../settings.js";
import { defineRoute } from "../../http/route.js";
import { ownTimeline } from "../../events/access.js";

/** A timeline's catch-up policy and quiet hours (engine/README.md "Catch-up", "SMS and MMS"). */

const tag = "Automation";

const SettingsAnswer = v.object({ success: v.object({ catchUp: CatchUpPolicySchema, quietHours: QuietHoursSchema }) });

const getSettings = defineRoute({
  method: "GET",
  path: "/automation/settings",
  operationId: "automation.settings",
  tag,
  summary: "A timeline's catch-up policy and quiet hours",
  description:
    "Defaults when never set: catch-up `latest` within 1440 minutes (a late registrant gets the latest reminder " +
    "they missed if it was due within a day; the others are skipped), quiet hours on from 21:00 to 08:00 in the " +
    "registrant's zone (the event's when unknown). See apps/server/src/engine/README.md.",
  access: "timelines:read",
  query: AutomationSettingsQuerySchema,
  answer: { description: "The settings.", schema: SettingsAnswer },
  async handle({ query, caller, deps }) {
    const timeline = await ownTimeline(deps.db.orm, caller.accountId, query.webinarTimeline);
    return { success: await automationSettingsOf(deps.db.orm, timeline.id) };
  },
});

const putSettings = defineRoute({
  method: "PUT",
  path: "/automation/settings",
  operationId: "automation.updateSettings",
  tag,
  summary: "Change a timeline's catch-up policy and/or quiet hours",
  description:
    "`catchUp.mode`: `skip` (actions already due at registration are skipped), `latest` (the latest missed " +
    "one is sent at once), `all` (every missed one is sent at once) — only those missed by at most " +
    "`catchUp.windowMinutes`. `quietHours` (HH:MM, may cross midnight) hold back SMS and MMS in the registrant's " +
    "zone until they end (deferred, never dropped). Applies to registrations and firings from now on.",
  access: "timelines:write",
  body: AutomationSettingsRequestSchema,
  answer: { description: "The settings as stored.", schema: SettingsAnswer },
  async handle({ body, caller, deps }) {
    const timeline = await ownTimeline(deps.db.orm, caller.accountId, body.webinarTimeline);
    const current = await automationSettingsOf(deps.db.orm, timeline.id);
    const next = { catchUp: body.catchUp ?? current.catchUp, quietHours: body.quietHours ?? current.quietHours };
    await storeAutomationSettings(deps.db.orm, caller.accountId, timeline.id, next, deps.config.now());
    return { success: next };
  },
});

/** The automation engine's routes (design, not in the spec): engine/README.md. */
export const automationSettingsRoutes = [getSettings, putSettings];
