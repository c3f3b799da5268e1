import * as v from "valibot";
import { eq } from "drizzle-orm";
import {
  defaultAudienceSegments,
  getIntegrationKind,
  TimelineNodeSchema,
  type AutoresponderSetting,
  type TimelineNode,
} from "@cuepoint/sdk";
import { integrations } from "../../db/schema/index.js";
import { loadIntegration, type LoadedIntegration } from "../../integrations/store.js";
import type { ActionContext } from "./types.js";

/** The autoresponder messages that are mails of their own (spec §3 "Autoresponder"). */
export const AUTORESPONDER_MESSAGES = ["confirmation", "reminder", "attendee", "nonattendee"] as const;
export type AutoresponderMessage = (typeof AUTORESPONDER_MESSAGES)[number];

const KEY_PREFIX = "autoresponder:";

/**
 * The node id (and job node key) of an autoresponder message: synthetic, so the job identity
 * (node, registrant, event) and the idempotency key stay unique beside the timeline's nodes.
 *
 * @example
 * autoresponderKey("reminder"); // "autoresponder:reminder"
 */
export const autoresponderKey = (message: AutoresponderMessage): string => `${KEY_PREFIX}${message}`;

/**
 * The autoresponder message a job node key stands for, or undefined for a timeline node.
 *
 * @example
 * autoresponderMessageOf("autoresponder:attendee"); // "attendee"
 * autoresponderMessageOf("n1"); // undefined
 */
export function autoresponderMessageOf(nodeKey: string): AutoresponderMessage | undefined {
  if (!nodeKey.startsWith(KEY_PREFIX)) return undefined;
  const message = nodeKey.slice(KEY_PREFIX.length);
  return AUTORESPONDER_MESSAGES.find((m) => m === message);
}

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
export function autoresponderMailNode(message: AutoresponderMessage, subject = "", body = ""): TimelineNode {
  return v.parse(TimelineNodeSchema, {
    id: autoresponderKey(message),
    key: `autoresponder-${message}`,
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
export function autoresponderSketch(setting: AutoresponderSetting, message: AutoresponderMessage): AutoresponderNode {
  if (setting[message] !== "true") return { ok: false, reason: `the ${message} email is off` };
  const subject = setting[`${message}Title`].trim();
  const body = setting[`${message}Body`];
  if (!subject || !body.trim()) return { ok: false, reason: `the ${message} email has no subject or body` };
  return { ok: true, node: autoresponderMailNode(message, subject, body) };
}

/**
 * The SMTP integration that sends the autoresponder, of this account only: the first SMTP one
 * listed in `autoresponder.integrations`; when the list is empty, the account's SMTP integration
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
 * Who an SMTP integration sends as: its own From address and name (`fromEmail`, `fromName`),
 * else its login when that is an email address — most providers' logins are not (`apikey`, an
 * access key).
 *
 * @example
 * smtpSender({ username: "apikey", fromEmail: "events@acme.example", fromName: "Acme" }); // { address: "events@acme.example", name: "Acme" }
 */
export function smtpSender(credentials: Record<string, unknown>): { address: string; name: string } {
  const text = (key: string) => (typeof credentials[key] === "string" ? (credentials[key] as string).trim() : "");
  const login = text("username");
  return { address: text("fromEmail") || (login.includes("@") ? login : ""), name: text("fromName") };
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
  message: AutoresponderMessage,
  organizer = "",
): Promise<AutoresponderNode> {
  const sketch = autoresponderSketch(setting, message);
  if (!sketch.ok) return sketch;
  const found = await smtpOf(ctx, accountId, setting.integrations);
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
