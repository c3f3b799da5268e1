import { and, asc, eq, gte } from "drizzle-orm";
import {
  AutoresponderSettingSchema,
  emailDocument,
  fillMergeTags,
  mergeVariables,
  renderMessage,
  SAMPLE_REGISTRANT,
  sampleEvent,
  type AutoresponderTestRequestSchema,
} from "@cuepoint/sdk";
import * as v from "valibot";
import { events, users } from "../db/schema/index.js";
import type { AppDeps } from "../deps.js";
import { smtpOf } from "../engine/actions/autoresponder.js";
import { smtpSender } from "../integrations/actions/smtpTransport.js";
import { smtpActionError, smtpTransport } from "../integrations/actions/smtpTransport.js";
import { badRequest, HttpError } from "../http/errors.js";
import { smtpSettings } from "../integrations/smtpTransport.js";
import { ownTimeline } from "../events/access.js";

const DAY = 86_400_000;

/** The instant a test mail's event tags are written for: the timeline's next event, else a day from now on the hour. */
async function sampleStart(deps: Pick<AppDeps, "db" | "config">, timelineId: string): Promise<Date> {
  const now = deps.config.now();
  const [next] = await deps.db.orm
    .select({ startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.timelineId, timelineId), gte(events.startsAt, now)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  return next?.startsAt ?? new Date(Math.ceil((now.getTime() + DAY) / 3_600_000) * 3_600_000);
}

/**
 * "Send me a test": one autoresponder message as the editor shows it, saved or not, mailed to
 * the calling host's own address through the chosen SMTP integration (else the one the
 * autoresponder would use), its merge tags filled for the sample registrant of the timeline's
 * next event, text and HTML like the real mails, the subject marked "[Test]". Refuses with a
 * 400 on `integrationID` when there is no SMTP integration of the account, it is not connected,
 * or it has no From address; 502 when the SMTP server refuses.
 *
 * @example
 * await sendTestMail(deps, caller, { webinarTimeline, subject: "Hi {first_name}", body: "…", integrationID: "" });
 * // { to: "host@example.com", integrationID: "…" }
 */
export async function sendTestMail(
  deps: Pick<AppDeps, "db" | "config">,
  caller: { accountId: string; userId: string },
  request: v.InferOutput<typeof AutoresponderTestRequestSchema>,
): Promise<{ to: string; integrationID: string }> {
  const { orm } = deps.db;
  const timeline = await ownTimeline(orm, caller.accountId, request.webinarTimeline);
  const [user] = await orm.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, caller.userId));
  if (!user?.email) throw badRequest("Your user has no email address to send the test to.");
  const chosen = request.integrationID.trim();
  const stored = v.safeParse(AutoresponderSettingSchema, timeline.setting.autoresponder ?? {});
  const ids = chosen ? [chosen] : stored.success ? stored.output.integrations : [];
  const found = await smtpOf({ db: deps.db, config: deps.config, now: deps.config.now }, caller.accountId, ids);
  if (!found.ok) {
    throw badRequest(
      chosen ? "This is not an SMTP integration of your account: pick one in the list." : `No SMTP integration to send the test: ${found.reason}.`,
      "integrationID",
    );
  }
  const { row, secrets } = found.smtp;
  const label = row.name || "SMTP";
  if (!row.connected) {
    throw badRequest(`The SMTP integration "${label}" is not connected: test it on the Integrations screen first.`, "integrationID");
  }
  const sender = smtpSender(secrets.credentials);
  if (!sender.address) {
    throw badRequest(`The SMTP integration "${label}" has no From address (and its login is not an email address): set one in the integration.`, "integrationID");
  }
  const general = timeline.setting.general;
  const variables = mergeVariables(SAMPLE_REGISTRANT, sampleEvent(timeline.name || general.timelineName, general.timeZone, await sampleStart(deps, timeline.id)));
  const subject = `[Test] ${fillMergeTags(request.subject, variables)}`;
  const body = renderMessage(request.body, variables);
  const settings = smtpSettings(secrets.credentials);
  try {
    const transport = await smtpTransport(settings);
    try {
      await transport.sendMail({
        from: { name: general.organizer.trim() || sender.name, address: sender.address },
        to: { name: user.name, address: user.email },
        subject,
        text: body.text,
        html: emailDocument(subject, body.html),
      });
    } finally {
      transport.close();
    }
  } catch (error) {
    throw new HttpError(502, smtpActionError(error, `${settings.host}:${settings.port}`).message, "integrationID");
  }
  return { to: user.email, integrationID: row.id };
}
