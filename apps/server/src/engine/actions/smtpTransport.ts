import { createTransport, type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { serviceTimeoutMs } from "../../integrations/endpoints.js";
import { publicAddresses } from "../../integrations/publicHost.js";
import { asAction } from "./errors.js";
import { PermanentActionError, RetryableActionError } from "./types.js";

/** The SMTP integration's credentials (spec §3: address, port, username, password). */
export interface SmtpSettings {
  host: string;
  port: number;
  username?: string | undefined;
  password?: string | undefined;
}

/**
 * A nodemailer SMTP transport for an integration. The host is a person's input: it is resolved
 * and refused when private (unless `CUEPOINT_ALLOW_PRIVATE_TARGETS`), and the connection goes to
 * the very address checked, with the name kept for TLS. Port 465 speaks TLS from the start; other
 * ports upgrade with STARTTLS when the server offers it. Timeouts follow
 * `CUEPOINT_INTEGRATION_TIMEOUT_MS`.
 *
 * @example
 * const transport = await smtpTransport({ host: "smtp.example.com", port: 587, username, password });
 */
export async function smtpTransport(settings: SmtpSettings): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  if (!settings.host || !Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535) {
    throw new PermanentActionError("SMTP server: the integration needs a host and a port; edit it.");
  }
  const [address] = await asAction(() => publicAddresses(settings.host, "SMTP server"));
  const timeout = serviceTimeoutMs();
  return createTransport({
    host: address ?? settings.host,
    port: settings.port,
    secure: settings.port === 465,
    name: "cuepoint.local",
    tls: { servername: settings.host },
    ...(settings.username && { auth: { user: settings.username, pass: settings.password ?? "" } }),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
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
