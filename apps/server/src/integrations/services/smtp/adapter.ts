import { ServiceError } from "../../serviceCall.js";
import { openSmtpTransport, SMTP_LABEL, smtpSettings, type SmtpSettings } from "../../smtpTransport.js";
import type { IntegrationAdapter } from "../types.js";

/** What nodemailer puts on its errors (`originalCode` keeps a system error's own code). */
interface SmtpFailure {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

const TLS_CODE = /CERT|SELF_SIGNED|ERR_TLS|ERR_SSL|UNABLE_TO_VERIFY|EPROTO/;

/**
 * A nodemailer failure as the person should read it: a refused login says authentication failed
 * (422), a server that does not know AUTH says it offers no login (422), any other SMTP reply is the server's words (422), a TLS failure names the certificate or
 * handshake problem, and a timeout or an unreachable host answers 502.
 *
 * @example
 * smtpServiceError({ code: "EAUTH", responseCode: 535, response: "535 5.7.8 Bad credentials" }, "smtp.example.com:587");
 * // ServiceError("SMTP server smtp.example.com:587: authentication failed (535 5.7.8 Bad credentials)…", "refused", 535)
 */
export function smtpServiceError(error: unknown, where: string): ServiceError {
  const failure = (error ?? {}) as SmtpFailure;
  const server = `${SMTP_LABEL} ${where}`;
  const words = (failure.response ?? failure.message ?? String(error)).trim();
  const system = failure.originalCode ?? "";
  if (failure.code === "EAUTH" && [500, 502, 503, 504].includes(failure.responseCode ?? 0)) {
    return new ServiceError(`${server} offers no login (AUTH) on this connection (${words}).`, "refused", failure.responseCode);
  }
  if (failure.code === "EAUTH" || failure.code === "ENOAUTH") {
    return new ServiceError(
      `${server}: authentication failed (${words}). Check the username and password.`,
      "refused",
      failure.responseCode,
    );
  }
  if (failure.code === "ETLS" || TLS_CODE.test(system) || /certificate/i.test(words)) {
    return new ServiceError(`${server}: the TLS connection failed (${failure.message ?? words}).`, "unreachable");
  }
  if (failure.code === "ETIMEDOUT") return new ServiceError(`${server} did not answer in time.`, "unreachable");
  if (failure.responseCode !== undefined) {
    return new ServiceError(`${server} refused: ${words}`, failure.responseCode >= 500 ? "refused" : "unreachable", failure.responseCode);
  }
  return new ServiceError(`Could not reach the ${server} (${system || failure.code || words}).`, "unreachable");
}

/**
 * Tries SMTP settings the way mail will be sent (nodemailer's `verify`): connect, EHLO, STARTTLS
 * when offered (TLS from the start on 465), AUTH when a username is given, QUIT. No mail is sent
 * and nothing is stored. The host check and timeouts are those of `openSmtpTransport`.
 *
 * @example
 * await verifySmtp({ host: "smtp.example.com", port: 587, username: "mailer", password: "…" });
 */
export async function verifySmtp(settings: SmtpSettings): Promise<void> {
  const transport = await openSmtpTransport(settings);
  try {
    await transport.verify();
  } catch (error) {
    throw smtpServiceError(error, `${settings.host}:${settings.port}`);
  } finally {
    transport.close();
  }
}

/** What a passed check says. */
export const smtpCheckNote = (settings: SmtpSettings): string =>
  settings.username ? "The SMTP server accepted the login." : "The SMTP server answered.";

/** SMTP: the check logs in to the server (see verifySmtp); no lists. */
export const smtp: IntegrationAdapter = {
  async check(ctx) {
    const settings = smtpSettings(ctx.credentials);
    await verifySmtp(settings);
    return smtpCheckNote(settings);
  },
};
