import { NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import { mailParts } from "../mailParts.js";
import type { ActionRun } from "../types.js";
import { mailgunAccount, mailgunActionError } from "./client.js";

/**
 * MAILGUN `sendMail`: one mail, text and HTML, to the registrant (`POST /v3/{domain}/messages`,
 * multipart form: `from`, `to`, `subject`, `text`, `html`), with the Message-ID derived from the job's
 * idempotency key in `h:Message-Id` (Mailgun keeps a given Message-Id) and the key itself in
 * `h:X-Cuepoint-Idempotency-Key`. Mailgun has no idempotency key of its own, so a send is
 * retried only when Mailgun surely did not take it (`mailgunActionError`); a retry carries the
 * same Message-ID all the same.
 *
 * @example
 * await mailgunSendMail(run); // { status: "sent", detail: "Queued. Thank you. (<2024…@mg.example.com>)" }
 */
export async function mailgunSendMail({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const account = mailgunAccount(service);
  if ("missing" in account) throw new PermanentActionError(`Mailgun: the integration needs its ${account.missing === "domain" ? "sending domain" : "API key"}.`);
  const mail = mailParts(job, "Mailgun");
  try {
    const answer = await account.client.messages.create(account.domain, {
      from: mail.from,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      "h:Message-Id": mail.messageId,
      "h:X-Cuepoint-Idempotency-Key": job.idempotencyKey,
    });
    return { status: "sent", detail: `${answer.message ?? "Queued"} (${answer.id ?? mail.messageId})` };
  } catch (error) {
    throw mailgunActionError(error);
  }
}
