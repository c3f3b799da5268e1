import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface FakeSmtp {
  port: number;
  /** Every command line received, in order, across connections. */
  commands: string[];
  close(): Promise<void>;
}

/**
 * A plain-text SMTP server on 127.0.0.1 for connection tests: greets, answers EHLO with AUTH
 * PLAIN LOGIN (no STARTTLS, so no certificate is needed), accepts `user`/`password` and refuses
 * any other login with 535, as real servers do.
 */
export async function startFakeSmtp(account = { user: "mailer", password: "s3cret-pass" }): Promise<FakeSmtp> {
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let loginStep: "user" | "password" | undefined;
    let user = "";
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const login = (name: string, password: string) =>
      reply(name === account.user && password === account.password ? "235 2.7.0 Authentication successful" : "535 5.7.8 Authentication credentials invalid");
    reply("220 fake.smtp.test ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        commands.push(line);
        if (loginStep === "user") {
          user = Buffer.from(line, "base64").toString();
          loginStep = "password";
          reply("334 UGFzc3dvcmQ6");
        } else if (loginStep === "password") {
          loginStep = undefined;
          login(user, Buffer.from(line, "base64").toString());
        } else if (/^EHLO /i.test(line)) {
          reply("250-fake.smtp.test greets you");
          reply("250-SIZE 10240000");
          reply("250 AUTH PLAIN LOGIN");
        } else if (/^AUTH PLAIN /i.test(line)) {
          const [, name = "", password = ""] = Buffer.from(line.slice(11), "base64").toString().split("\0");
          login(name, password);
        } else if (/^AUTH LOGIN$/i.test(line)) {
          loginStep = "user";
          reply("334 VXNlcm5hbWU6");
        } else if (/^QUIT$/i.test(line)) {
          reply("221 2.0.0 Bye");
          socket.end();
        } else {
          reply("502 5.5.2 Command not recognized");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
