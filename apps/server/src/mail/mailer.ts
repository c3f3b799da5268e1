/** An email the server sends (password reset today; notifications later). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where mail goes. The server only knows this interface: an SMTP or API-based mailer plugs in
 * at `createApp({ mailer })` without touching routes.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Development mailer: prints each mail to the server log, so a reset link can be followed
 * without any mail service. Default of `pnpm start`.
 */
export const consoleMailer: Mailer = {
  async send(mail) {
    console.log(`\n--- mail to ${mail.to}: ${mail.subject}\n${mail.text}\n---\n`);
  },
};

/** Keeps mail in memory, for tests that follow a link out of a mail. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
