import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** One mail the peer accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The login used (username and password), when the client logged in. */
  login?: { username: string; password: string };
  /** The raw message: headers and body. */
  raw: string;
}

/** One AUTH the peer was asked for, accepted or not. */
export interface LoginAttempt {
  method: string;
  username: string;
  accepted: boolean;
  /** The name the client gave in EHLO. */
  ehloName: string;
}

export interface SmtpPeer {
  port: number;
  mails: ReceivedMail[];
  attempts: LoginAttempt[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1, plain text (no STARTTLS, so no
 * certificate), requiring AUTH with `account` and recording every attempt. `options` lets a test
 * make it refuse (`onRcptTo` answering an error with `responseCode`) or offer STARTTLS
 * (`disabledCommands: []`, with smtp-server's own self-signed certificate).
 */
export async function startSmtpPeer(
  account = { username: "mailer@example.com", password: "smtp-pass-0001" },
  options: Partial<SMTPServerOptions> = {},
): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const attempts: LoginAttempt[] = [];
  const logins = new Map<string, { username: string; password: string }>();
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, session, callback) {
      const accepted = auth.username === account.username && auth.password === account.password;
      attempts.push({ method: auth.method, username: auth.username ?? "", accepted, ehloName: session.hostNameAppearsAs });
      if (!accepted) {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
        return;
      }
      logins.set(session.id, { username: auth.username ?? "", password: auth.password ?? "" });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const login = logins.get(session.id);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...(login && { login }),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback(null);
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
