import { checkEmail } from "@cuepoint/sdk";
import { createTransport } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { Mailer } from "./mailer.js";

/** The server's own mail service (`CUEPOINT_SMTP_URL`, `CUEPOINT_MAIL_FROM`). */
export interface SmtpMailSettings {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  /** The sender: `no-reply@example.com` or `Cuepoint <no-reply@example.com>`. */
  from: string;
}

const URL_SHAPE = "smtp://user:password@host:port (or smtps:// for TLS from the start)";
const TIMEOUT_MS = 30_000;

/**
 * Nodemailer's options for a connection URL. User and password are percent-decoded (write `@` in
 * a password as `%40`); the port defaults to 587 for `smtp:` and 465 for `smtps:`. Throws a
 * message that names the setting and never repeats the password.
 *
 * @example
 * smtpOptionsFromUrl("smtp://mailer:s3cret@mail.example.com:2525");
 * // { host: "mail.example.com", port: 2525, secure: false, auth: { user: "mailer", pass: "s3cret" }, … }
 */
export function smtpOptionsFromUrl(url: string): SMTPTransport.Options {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`CUEPOINT_SMTP_URL must look like ${URL_SHAPE}.`);
  }
  const secure = parsed.protocol === "smtps:";
  if (!secure && parsed.protocol !== "smtp:") {
    throw new Error(`CUEPOINT_SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//.`);
  }
  if (!parsed.hostname) throw new Error(`CUEPOINT_SMTP_URL names no host: write ${URL_SHAPE}.`);
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user && { auth: { user, pass: decodeURIComponent(parsed.password) } }),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
}

/**
 * Checks the sender of `CUEPOINT_MAIL_FROM`: a bare address or `Name <address>`, the address
 * judged by the SDK's email rule. Throws the rule's message, naming the setting.
 *
 * @example
 * checkMailFrom("Cuepoint <no-reply@example.com>"); // no error
 */
export function checkMailFrom(from: string): void {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from.trim();
  const rule = checkEmail(address);
  if (!rule.ok) throw new Error(`CUEPOINT_MAIL_FROM is not a usable sender: ${rule.message}`);
}

/**
 * A mailer that sends through an SMTP server with nodemailer, one connection per mail. Bad
 * settings throw here, at start, not at the first mail; a refused login or recipient rejects
 * `send` with the server's reply.
 *
 * @example
 * const mailer = createSmtpMailer({ url: "smtps://mailer:pw@mail.example.com", from: "no-reply@example.com" });
 * await mailer.send({ to: "ana@example.com", subject: "Hello", text: "…" });
 */
export function createSmtpMailer(settings: SmtpMailSettings): Mailer {
  checkMailFrom(settings.from);
  const transport = createTransport(smtpOptionsFromUrl(settings.url), { from: settings.from });
  return {
    async send(mail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
