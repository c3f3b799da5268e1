import { messageIdFor } from "../../actions/messageId.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import { smtpActionError, smtpSender, smtpTransport } from "../../actions/smtpTransport.js";
import { renderedMail } from "../../actions/template.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import { smtpSettings } from "../../smtpTransport.js";
import type { ActionRun } from "../types.js";

/**
 * SMTP `sendMail`: one mail to the registrant, plain text with its HTML alternative (the SDK's
 * `renderMessage`: paragraphs, links, merge values escaped), through the integration's server
 * (address, port, username, password), from `model.emailFrom` (and `nameFrom`, else the
 * integration's From name), with
 * `emailSubject` and `message` personalised (template.ts `renderedMail`) and a Message-ID derived from the
 * job's idempotency key. Autoresponder mails (autoresponder.ts) arrive here as sendMail nodes.
 *
 * @example
 * await sendMail(run); // { status: "sent", detail: "250 OK: message queued" }
 */
export async function sendMail({ job, loaded }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const settings = smtpSettings(loaded.secrets.credentials);
  const from = modelText(job, "emailFrom");
  if (!from.includes("@")) throw new PermanentActionError(`SMTP server: "${from}" is not an email address to send from.`);
  const { subject, text, html } = renderedMail(job);
  const transport = await smtpTransport(settings);
  const where = `${settings.host}:${settings.port}`;
  try {
    const info = await transport.sendMail({
      from: { name: modelText(job, "nameFrom") || smtpSender(loaded.secrets.credentials).name, address: from },
      to: { name: job.registrant.name, address: job.registrant.email },
      subject,
      text,
      html,
      messageId: messageIdFor(job.idempotencyKey, from),
      headers: { "X-Cuepoint-Idempotency-Key": job.idempotencyKey },
    });
    return { status: "sent", detail: info.response };
  } catch (error) {
    throw smtpActionError(error, where);
  } finally {
    transport.close();
  }
}
