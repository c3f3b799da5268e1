import { SendEmailCommand } from "@aws-sdk/client-sesv2";
import { NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import { mailParts } from "../mailParts.js";
import type { ActionRun } from "../types.js";
import { missingWords, sendOptions, sesActionError, sesClient } from "./client.js";

/**
 * AMAZONSES `sendMail`: one mail (text and HTML) to the registrant through SES API v2 `SendEmail`
 * (`POST /v2/email/outbound-emails`, Simple content: From, To, UTF-8 subject and text,
 * personalised as SMTP's). SES replaces any Message-ID with its own and has no idempotency key,
 * so the job's key travels as the `X-Cuepoint-Idempotency-Key` header (SES keeps custom
 * headers and returns them in its notifications). A send is retried only when SES surely did not
 * take it (throttling, a refused connection: `sesActionError`).
 *
 * @example
 * await amazonSesSendMail(run); // { status: "sent", detail: "SES message 0100018e…" }
 */
export async function amazonSesSendMail({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const client = sesClient(service);
  if ("missing" in client) throw new PermanentActionError(`Amazon SES: the integration needs ${missingWords(client.missing)}.`);
  const mail = mailParts(job, "Amazon SES");
  try {
    const answer = await client.send(
      new SendEmailCommand({
        FromEmailAddress: mail.from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: "UTF-8" },
            Body: { Text: { Data: mail.text, Charset: "UTF-8" }, Html: { Data: mail.html, Charset: "UTF-8" } },
            Headers: [{ Name: "X-Cuepoint-Idempotency-Key", Value: job.idempotencyKey }],
          },
        },
      }),
      sendOptions(),
    );
    return { status: "sent", detail: `SES message ${answer.MessageId ?? "(no id)"}` };
  } catch (error) {
    throw sesActionError(error);
  } finally {
    client.destroy();
  }
}
