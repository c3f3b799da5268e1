import * as v from "valibot";
import { eq } from "drizzle-orm";
import {
  AutoresponderSettingSchema,
  defaultAudienceSegments,
  getIntegrationKind,
  TimelineNodeSchema,
  type AutoresponderSetting,
  type TimelineNode,
} from "@cuepoint/sdk";
import { integrations } from "../../db/schema/index.js";
import { loadIntegration, type LoadedIntegration } from "../../integrations/store.js";
import { smtpSender } from "../../integrations/actions/smtpTransport.js";
import type { ActionContext } from "../../integrations/actions/types.js";

/** The autoresponder messages that are mails of their own (spec §3 "Autoresponder"). */
export const AUTORESPONDER_MESSAGES = ["confirmation", "reminder", "attendee", "nonattendee"] as const;
export type AutoresponderMessage = (typeof AUTORESPONDER_MESSAGES)[number];

/**
 * One autoresponder mail: a message, or one of the extra reminders (`reminder:<id>`, its id in
 * `autoresponder.reminders`).
 */
export type AutoresponderMail = AutoresponderMessage | `reminder:${string}`;

/** The prefix of every autoresponder job's node key. */
export const AUTORESPONDER_KEY_PREFIX = "autoresponder:";
const EXTRA_REMINDER = /^reminder:([A-Za-z0-9_-]{1,40})$/;

/**
 * The node id (and job node key) of an autoresponder mail: synthetic, so the job identity
 * (node, registrant, event) and the idempotency key stay unique beside the timeline's nodes.
 * An extra reminder's key carries its id, so each one is moved or canceled on its own.
 *
 * @example
 * autoresponderKey("reminder"); // "autoresponder:reminder"
 * autoresponderKey("reminder:day-before"); // "autoresponder:reminder:day-before"
 */
export const autoresponderKey = (mail: AutoresponderMail): string => `${AUTORESPONDER_KEY_PREFIX}${mail}`;

/** The message an autoresponder mail is (an extra reminder is a reminder). */
export const messageOfMail = (mail: AutoresponderMail): AutoresponderMessage =>
  mail.startsWith("reminder:") ? "reminder" : (mail as AutoresponderMessage);

/**
 * The autoresponder mail a job node key stands for, or undefined for a timeline node.
 *
 * @example
 * autoresponderMessageOf("autoresponder:attendee"); // "attendee"
 * autoresponderMessageOf("autoresponder:reminder:day-before"); // "reminder:day-before"
 * autoresponderMessageOf("n1"); // undefined
 */
export function autoresponderMessageOf(nodeKey: string): AutoresponderMail | undefined {
  if (!nodeKey.startsWith(AUTORESPONDER_KEY_PREFIX)) return undefined;
  const mail = nodeKey.slice(AUTORESPONDER_KEY_PREFIX.length);
  if (EXTRA_REMINDER.test(mail)) return mail as AutoresponderMail;
  return AUTORESPONDER_MESSAGES.find((m) => m === mail);
}

let defaults: AutoresponderSetting | undefined;
/**
 * The setting with this release's fields filled: a timeline saved before them (no
 * `reminderMinutes`, `reminders`, `<message>IntegrationID`) reads as their defaults.
 */
const filled = (setting: AutoresponderSetting): AutoresponderSetting => ({
  ...(defaults ??= v.parse(AutoresponderSettingSchema, {})),
  ...setting,
});

/**
 * A mail's settings as one shape: flag, subject, body, sending integration ("" = the list's), and
 * for a reminder its minutes before the start. Undefined for an extra reminder no longer listed.
 */
export function mailSetting(
  setting: AutoresponderSetting,
  mail: AutoresponderMail,
): { enabled: boolean; subject: string; body: string; integrationID: string; minutesBefore: number } | undefined {
  setting = filled(setting);
  const extra = EXTRA_REMINDER.exec(mail)?.[1];
  if (extra !== undefined) {
    const reminder = setting.reminders.find((r) => r.id === extra);
    if (!reminder) return undefined;
    const { enabled, title: subject, body, integrationID, minutes: minutesBefore } = reminder;
    return { enabled: enabled === "true", subject, body, integrationID, minutesBefore };
  }
  const message = mail as AutoresponderMessage;
  return {
    enabled: setting[message] === "true",
    subject: setting[`${message}Title`],
    body: setting[`${message}Body`],
    integrationID: setting[`${message}IntegrationID`],
    minutesBefore: setting.reminderMinutes,
  };
}

/**
 * Every mail of the setting in order: the four messages, then the extra reminders.
 *
 * @example
 * autoresponderMails({ ...setting, reminders: [{ id: "day", … }] }); // ["confirmation", "reminder", "attendee", "nonattendee", "reminder:day"]
 */
export const autoresponderMails = (setting: AutoresponderSetting): AutoresponderMail[] => [
  ...AUTORESPONDER_MESSAGES,
  ...filled(setting).reminders.map((r): AutoresponderMail => `reminder:${r.id}`),
];

export type AutoresponderNode = { ok: true; node: TimelineNode } | { ok: false; reason: string };

/** Who each message goes to: an audience group (spec §3 default segments), read when it fires. */
const [registrants, attendees, nonAttendees] = defaultAudienceSegments().map((segment) => ({
  groupID: segment.id,
  groupName: segment.name,
}));
const AUDIENCE: Record<AutoresponderMessage, { groupID: string; groupName: string }> = {
  confirmation: registrants!,
  reminder: registrants!,
  attendee: attendees!,
  nonattendee: nonAttendees!,
};

/**
 * The `sendMail` node of one autoresponder message with the given texts, its audience group and
 * its synthetic id (`autoresponder:<message>`); no integration or sender yet.
 *
 * @example
 * autoresponderMailNode("attendee", "Thanks", "Hi {name}").groupID; // "a1"
 */
export function autoresponderMailNode(mail: AutoresponderMail, subject = "", body = ""): TimelineNode {
  const message = messageOfMail(mail);
  return v.parse(TimelineNodeSchema, {
    id: autoresponderKey(mail),
    key: `autoresponder-${mail.replace(":", "-")}`,
    action: "sendMail",
    actionTitle: `Autoresponder: ${message}`,
    integrationType: "SMTP",
    ...AUDIENCE[message],
    model: { emailSubject: subject, message: body, autoresponder: message },
  });
}

/**
 * The `sendMail` node of one autoresponder message as far as the setting alone tells it: subject
 * `<message>Title`, body `<message>Body`, the message's audience group; no integration or sender
 * yet (`autoresponderNode` adds them when it fires). The scheduler and the dry run plan with it.
 * Answers why not when the message is off or has no subject or body.
 *
 * @example
 * autoresponderSketch({ ...setting, attendee: "true", attendeeTitle: "Thanks", attendeeBody: "Hi {name}" }, "attendee");
 * // { ok: true, node: { action: "sendMail", groupID: "a1", groupName: "Attendee", … } }
 */
export function autoresponderSketch(setting: AutoresponderSetting, mail: AutoresponderMail): AutoresponderNode {
  const message = messageOfMail(mail);
  const found = mailSetting(setting, mail);
  if (!found) return { ok: false, reason: `this ${message} was removed` };
  if (!found.enabled) return { ok: false, reason: `the ${message} email is off` };
  const subject = found.subject.trim();
  if (!subject || !found.body.trim()) return { ok: false, reason: `the ${message} email has no subject or body` };
  return { ok: true, node: autoresponderMailNode(mail, subject, found.body) };
}

/**
 * The SMTP integration that sends the autoresponder, of this account only: the first SMTP one
 * listed in `ids` (the mail's own `<message>IntegrationID`, else `autoresponder.integrations`); when the list is empty, the account's SMTP integration
 * if it has exactly one. Answers why not otherwise.
 */
export async function smtpOf(
  ctx: ActionContext,
  accountId: string,
  ids: readonly string[],
): Promise<{ ok: true; smtp: LoadedIntegration } | { ok: false; reason: string }> {
  for (const id of ids) {
    const loaded = await loadIntegration(ctx.db.orm, accountId, id).catch(() => undefined);
    if (loaded?.kind === "SMTP") return { ok: true, smtp: loaded };
  }
  if (ids.length > 0) return { ok: false, reason: "the autoresponder has no SMTP integration of this account" };
  const rows = await ctx.db.orm.select({ id: integrations.id, type: integrations.type }).from(integrations).where(eq(integrations.accountId, accountId));
  const smtp = rows.filter((row) => getIntegrationKind(row.type)?.type === "SMTP");
  if (smtp.length !== 1 || !smtp[0]) {
    return {
      ok: false,
      reason:
        smtp.length === 0
          ? "the autoresponder names no integration and the account has no SMTP integration"
          : `the autoresponder names no integration and the account has ${smtp.length} SMTP integrations: pick one in the autoresponder settings`,
    };
  }
  const loaded = await loadIntegration(ctx.db.orm, accountId, smtp[0].id).catch((error: unknown) => (error as Error).message);
  return typeof loaded === "string" ? { ok: false, reason: `the SMTP integration could not be opened (${loaded})` } : { ok: true, smtp: loaded };
}

/**
 * The `sendMail` node that sends one autoresponder message (confirmation, reminder, attendee,
 * non-attendee) of a timeline, for the worker to carry out like any action: the sketch
 * (`autoresponderSketch`) sent through the autoresponder's SMTP integration (`smtpOf`: the first
 * listed, else the account's only one). The autoresponder has no From field, so the mail is sent
 * as the integration's sender (`smtpSender`: its From address, else a login that is an email
 * address), under the timeline's organizer name, else the integration's From name. Answers
 * why not when the message is off, empty, or has no sender.
 *
 * @example
 * const made = await autoresponderNode(ctx, accountId, setting.autoresponder, "confirmation", "Ada Lovelace");
 * if (made.ok) await executeAction(ctx, { ...job, node: made.node });
 */
export async function autoresponderNode(
  ctx: ActionContext,
  accountId: string,
  setting: AutoresponderSetting,
  mail: AutoresponderMail,
  organizer = "",
): Promise<AutoresponderNode> {
  const sketch = autoresponderSketch(setting, mail);
  if (!sketch.ok) return sketch;
  const own = mailSetting(setting, mail)?.integrationID.trim();
  const found = await smtpOf(ctx, accountId, own ? [own] : setting.integrations);
  if (!found.ok) return found;
  const sender = smtpSender(found.smtp.secrets.credentials);
  if (!sender.address) {
    return {
      ok: false,
      reason: "the SMTP integration has no From address (and its login is not an email address): set one in the integration",
    };
  }
  const node: TimelineNode = {
    ...sketch.node,
    integrationID: found.smtp.row.id,
    model: { ...sketch.node.model, emailFrom: sender.address, nameFrom: organizer.trim() || sender.name },
  };
  return { ok: true, node };
}
