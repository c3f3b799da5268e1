import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { openSmtpTransport, type SmtpSettings } from "../smtpTransport.js";
import { asAction } from "./errors.js";
import { PermanentActionError, RetryableActionError } from "./types.js";

/**
 * The integration's nodemailer transport (built in `integrations/smtpTransport.ts`, the one place
 * for that rule), its refusals as action errors: a missing host or port and a private host are
 * permanent.
 *
 * @example
 * const transport = await smtpTransport({ host: "smtp.example.com", port: 587, username, password });
 */
export function smtpTransport(settings: SmtpSettings): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  return asAction(() => openSmtpTransport(settings));
}

/** What nodemailer puts on its errors. */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * A nodemailer failure as an action error: a server reply of 5xx (bad login, refused sender or
 * recipient) is permanent; a 4xx reply (greylisting, "try again later"), a refused connection, a
 * timeout or a dropped socket is worth retrying.
 *
 * @example
 * throw smtpActionError(error, "smtp.example.com:587");
 */
export function smtpActionError(error: unknown, where: string): Error {
  const failure = error as SmtpFailure;
  const words = (failure.response ?? failure.message ?? String(error)).trim();
  if (failure.responseCode !== undefined) {
    const message = `The SMTP server ${where} refused: ${words}`;
    return failure.responseCode >= 500 ? new PermanentActionError(message) : new RetryableActionError(message);
  }
  if (failure.code === "EAUTH") return new PermanentActionError(`The SMTP server ${where} refused the login: ${words}`);
  if (failure.code === "EENVELOPE" || failure.code === "EMESSAGE") {
    return new PermanentActionError(`The mail for ${where} could not be built: ${words}`);
  }
  return new RetryableActionError(`Could not talk to the SMTP server ${where}: ${words}`);
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
