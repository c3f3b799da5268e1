import { isIP } from "node:net";
import { createTransport, type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { serviceTimeoutMs } from "./endpoints.js";
import { labelOf } from "./kinds.js";
import { publicAddresses } from "./publicHost.js";
import { ServiceError } from "./serviceCall.js";

/** The SMTP integration's credentials (spec §3: address, port, username, password). */
export interface SmtpSettings {
  host: string;
  port: number;
  username?: string | undefined;
  password?: string | undefined;
}

/** The name messages give the SMTP server (the catalogue's label). */
export const SMTP_LABEL = labelOf("SMTP");

/**
 * The settings of an SMTP integration's stored (or typed) credentials.
 *
 * @example
 * smtpSettings({ address: "smtp.example.com", port: "587", username: "mailer", password: "…" });
 * // { host: "smtp.example.com", port: 587, username: "mailer", password: "…" }
 */
export function smtpSettings(credentials: Record<string, unknown>): SmtpSettings {
  const { address = "", port = "", username, password } = credentials;
  return {
    host: String(address),
    port: Number(port),
    username: username === undefined || username === "" ? undefined : String(username),
    password: password === undefined ? undefined : String(password),
  };
}

/**
 * A nodemailer SMTP transport for an integration: the one place that turns its settings into a
 * connection (the engine's `sendMail` and the connection test both use it). The host is a
 * person's input: it is resolved and refused when private (unless
 * `CUEPOINT_ALLOW_PRIVATE_TARGETS`), and the connection goes to the very address checked, with
 * the name kept for TLS. Port 465 speaks TLS from the start; other ports upgrade with STARTTLS
 * when the server offers it. With a username the login is required (`forceAuth`): a server that
 * offers no AUTH is an error, not a silent unauthenticated session. Timeouts follow
 * `CUEPOINT_INTEGRATION_TIMEOUT_MS`. Throws {@link ServiceError}.
 *
 * @example
 * const transport = await openSmtpTransport({ host: "smtp.example.com", port: 587, username, password });
 */
export async function openSmtpTransport(settings: SmtpSettings): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  if (!settings.host || !Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535) {
    throw new ServiceError(`${SMTP_LABEL}: the integration needs a host and a port; edit it.`, "refused");
  }
  const [address] = await publicAddresses(settings.host, SMTP_LABEL);
  const timeout = serviceTimeoutMs();
  // A name is sent for SNI and checked against the certificate; an address typed as such is not
  // a valid SNI name (RFC 6066), and the certificate is then checked against the address.
  const name = settings.host.replace(/^\[|\]$/g, "");
  return createTransport({
    host: address ?? settings.host,
    port: settings.port,
    secure: settings.port === 465,
    name: "cuepoint.local",
    ...(isIP(name) === 0 && { servername: name }),
    ...(settings.username && { auth: { user: settings.username, pass: settings.password ?? "" }, forceAuth: true }),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
}
