import { eq } from "drizzle-orm";
import * as v from "valibot";
import { AutoresponderSettingSchema } from "@cuepoint/sdk";
import { timelines, type RegistrantRow } from "../../db/schema/index.js";
import type { AppDeps } from "../../deps.js";
import { smtpOf } from "../../engine/actions/autoresponder.js";
import { smtpSender } from "../../integrations/actions/smtpTransport.js";
import { smtpTransport } from "../../integrations/actions/smtpTransport.js";
import { smtpSettings } from "../../integrations/smtpTransport.js";
import { linkBase } from "../../config/joinDomains.js";
import type { ConsoleRoom } from "../console/consoleEvent.js";

/** Why a reply was not mailed, or null when it was. */
export type ReplyMailOutcome = { sent: true } | { sent: false; reason: string };

/**
 * Mails the host's private reply to an attendee who has left the room, through the timeline's SMTP
 * integration (the autoresponder's: the first SMTP one it lists, else the account's only one), as
 * that integration's sender under the timeline's organizer name, with the registrant's replay link
 * (`/replay/{uuid}`). Never throws: a reply stays in the chat whether or not the mail goes out.
 *
 * @example
 * const outcome = await mailReply(deps, room, registrant, "Yes, the replay stays up for 48 hours.");
 */
export async function mailReply(deps: Pick<AppDeps, "db" | "config">, room: ConsoleRoom, registrant: RegistrantRow, body: string): Promise<ReplyMailOutcome> {
  if (!registrant.email.trim()) return { sent: false, reason: "the registrant has no email address" };
  const [timeline] = await deps.db.orm.select({ setting: timelines.setting }).from(timelines).where(eq(timelines.id, room.event.timelineId));
  const stored = ((timeline?.setting ?? {}) as Record<string, unknown>).autoresponder;
  const parsed = v.safeParse(AutoresponderSettingSchema, stored ?? {});
  const integrations = parsed.success ? parsed.output.integrations : [];
  const found = await smtpOf({ db: deps.db, config: deps.config, now: deps.config.now }, room.accountId, integrations);
  if (!found.ok) return { sent: false, reason: found.reason };
  const sender = smtpSender(found.smtp.secrets.credentials);
  if (!sender.address) return { sent: false, reason: "the SMTP integration has no From address" };
  const title = room.event.name || room.timelineName;
  const host = room.general.organizer.trim() || sender.name;
  const replayUrl = `${linkBase(deps.config, room.general)}/replay/${registrant.uuid}`;
  try {
    const transport = await smtpTransport(smtpSettings(found.smtp.secrets.credentials));
    try {
      await transport.sendMail({
        from: { name: host, address: sender.address },
        to: { name: registrant.name, address: registrant.email },
        subject: `${host || "The host"} answered you: ${title}`,
        text: `${body}\n\n${host || "The host"} answered your message in "${title}" after you had left.\nWatch the replay: ${replayUrl}\n`,
      });
      return { sent: true };
    } finally {
      transport.close();
    }
  } catch (error) {
    return { sent: false, reason: (error as Error).message };
  }
}
