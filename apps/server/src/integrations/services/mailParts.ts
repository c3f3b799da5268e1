import { messageIdFor } from "../actions/messageId.js";
import { modelText } from "../actions/require.js";
import { renderedMail } from "../actions/template.js";
import { PermanentActionError, type ActionJob } from "../actions/types.js";

/** One timeline mail as the HTTP sending services (Mailgun, Amazon SES) send it. */
export interface MailParts {
  /** `"Acme Events" <events@example.com>`, or the bare address when the node names no sender. */
  from: string;
  fromAddress: string;
  /** `"Ada Lovelace" <ada@example.com>`. */
  to: string;
  subject: string;
  text: string;
  /** The same body as a whole HTML mail (the SDK's `renderMessage`). */
  html: string;
  /** Derived from the job's idempotency key: the same on every retry (messageId.ts). */
  messageId: string;
}

/** A display name quoted for a mail header (RFC 5322 quoted-string). */
const quoted = (name: string) => `"${name.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, " ")}"`;

const address = (name: string, email: string) => (name.trim() ? `${quoted(name.trim())} <${email}>` : email);

/**
 * The sendMail node's mail for this registrant, as SMTP builds it (`smtp/actions.ts`):
 * `emailFrom` (+ `nameFrom`), `emailSubject` and `message` personalised, as text and HTML (template.ts `renderedMail`), to the
 * registrant by name, with a Message-ID derived from the job's idempotency key. Refuses, in
 * `label`'s name, a From that is not an address.
 *
 * @example
 * mailParts(job, "Mailgun").from; // "\"Acme Events\" <events@example.com>"
 */
export function mailParts(job: ActionJob, label: string): MailParts {
  const fromAddress = modelText(job, "emailFrom");
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(fromAddress)) {
    throw new PermanentActionError(`${label}: "${fromAddress}" is not an email address to send from (emailFrom).`);
  }
  const { subject, text, html } = renderedMail(job);
  return {
    from: address(modelText(job, "nameFrom"), fromAddress),
    fromAddress,
    to: address(job.registrant.name, job.registrant.email.trim()),
    subject,
    text,
    html,
    messageId: messageIdFor(job.idempotencyKey, fromAddress),
  };
}
