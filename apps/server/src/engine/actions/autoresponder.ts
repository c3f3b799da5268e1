import * as v from "valibot";
import { TimelineNodeSchema, type AutoresponderSetting, type TimelineNode } from "@cuepoint/sdk";
import { loadIntegration, type LoadedIntegration } from "../../integrations/store.js";
import type { ActionContext } from "./types.js";

/** The autoresponder messages that are mails of their own (spec §3 "Autoresponder"). */
export const AUTORESPONDER_MESSAGES = ["confirmation", "reminder", "attendee", "nonattendee"] as const;
export type AutoresponderMessage = (typeof AUTORESPONDER_MESSAGES)[number];

export type AutoresponderNode = { ok: true; node: TimelineNode } | { ok: false; reason: string };

/** The first SMTP integration among the autoresponder's, of this account only. */
async function smtpOf(ctx: ActionContext, accountId: string, ids: readonly string[]): Promise<LoadedIntegration | undefined> {
  for (const id of ids) {
    const loaded = await loadIntegration(ctx.db.orm, accountId, id).catch(() => undefined);
    if (loaded?.kind === "SMTP") return loaded;
  }
  return undefined;
}

/**
 * The `sendMail` node that sends one autoresponder message (confirmation, reminder, attendee,
 * non-attendee) of a timeline, for the scheduler to queue like any action: subject
 * `<message>Title`, body `<message>Body` (same personalisation tags, template.ts), through the
 * first SMTP integration listed in `autoresponder.integrations`. The autoresponder has no From
 * field, so the mail is sent from the SMTP login when it is an email address, under the
 * timeline's organizer name. Answers why not when the message is off, empty, or has no sender.
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
  if (setting[message] !== "true") return { ok: false, reason: `the ${message} email is off` };
  const subject = setting[`${message}Title`].trim();
  const body = setting[`${message}Body`];
  if (!subject || !body.trim()) return { ok: false, reason: `the ${message} email has no subject or body` };
  const smtp = await smtpOf(ctx, accountId, setting.integrations);
  if (!smtp) return { ok: false, reason: "the autoresponder has no SMTP integration of this account" };
  const login = String(smtp.secrets.credentials.username ?? "");
  if (!login.includes("@")) {
    return { ok: false, reason: "the SMTP login is not an email address to send the autoresponder from" };
  }
  const node = v.parse(TimelineNodeSchema, {
    key: `autoresponder-${message}`,
    action: "sendMail",
    actionTitle: `Autoresponder: ${message}`,
    integrationID: smtp.row.id,
    integrationType: "SMTP",
    model: { emailFrom: login, nameFrom: organizer, emailSubject: subject, message: body, autoresponder: message },
  });
  return { ok: true, node };
}
