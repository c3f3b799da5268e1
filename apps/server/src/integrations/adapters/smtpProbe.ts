import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import { serviceTimeoutMs } from "../endpoints.js";
import { publicAddresses } from "../publicHost.js";
import { ServiceError } from "../serviceCall.js";

export interface SmtpProbe {
  host: string;
  port: number;
  username?: string | undefined;
  password?: string | undefined;
}

interface Reply {
  code: number;
  lines: string[];
}

/**
 * One SMTP conversation over a socket: reads whole replies (multi-line `250-…` up to `250 …`),
 * sends commands. Small on purpose: a connection test needs greeting, EHLO, STARTTLS, AUTH, QUIT.
 */
class Conversation {
  private buffer = "";
  private waiting: ((reply: Reply) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;
  private replies: Reply[] = [];

  constructor(readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => this.receive(chunk));
    socket.on("error", (error) => this.failed?.(error));
    socket.on("close", () => this.failed?.(new Error("the server closed the connection")));
  }

  private receive(chunk: string) {
    this.buffer += chunk;
    const lines: string[] = [];
    let end: number;
    while ((end = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, "");
      this.buffer = this.buffer.slice(end + 1);
      lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        this.replies.push({ code: Number(line.slice(0, 3)), lines: [...lines] });
        lines.length = 0;
      }
    }
    if (lines.length > 0) this.buffer = `${lines.join("\n")}\n${this.buffer}`;
    this.flush();
  }

  private flush() {
    const reply = this.replies.shift();
    if (reply && this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(reply);
    } else if (reply) {
      this.replies.unshift(reply);
    }
  }

  read(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.flush();
    });
  }

  async send(command: string, expect: number, shown = command): Promise<Reply> {
    this.socket.write(`${command}\r\n`);
    const reply = await this.read();
    if (reply.code !== expect) {
      const text = reply.lines.map((line) => line.slice(4)).join(" ");
      throw new ServiceError(`The SMTP server refused ${shown}: ${reply.code} ${text}`.trim(), "refused", reply.code);
    }
    return reply;
  }
}

const capabilities = (reply: Reply) => reply.lines.map((line) => line.slice(4).toUpperCase());

function opened(socket: Socket, event: "connect" | "secureConnect"): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Connects to an SMTP server and logs in, then quits: greeting 220, EHLO, STARTTLS when offered
 * (port 465 speaks TLS from the start), AUTH PLAIN or LOGIN when a username is given. No mail is
 * sent and nothing is stored. The host must not be a private address (see publicHost.ts); the
 * connection goes to the very address that was checked. A library such as nodemailer would add
 * nothing a connection test needs.
 */
export async function probeSmtp(probe: SmtpProbe): Promise<void> {
  const [address] = await publicAddresses(probe.host, "The SMTP server");
  if (!address) throw new ServiceError(`The SMTP host "${probe.host}" could not be found.`, "refused");
  const implicitTls = probe.port === 465;
  let socket: Socket = implicitTls
    ? connectTls({ host: address, port: probe.port, servername: probe.host })
    : connectTcp({ host: address, port: probe.port });
  socket.setTimeout(serviceTimeoutMs(), () => socket.destroy(new Error("the server did not answer in time")));
  try {
    await opened(socket, implicitTls ? "secureConnect" : "connect");
    let talk = new Conversation(socket);
    const greeting = await talk.read();
    if (greeting.code !== 220) throw new ServiceError(`The SMTP server did not greet: ${greeting.lines.join(" ")}`, "refused");
    let ehlo = await talk.send("EHLO cuepoint.local", 250, "EHLO");
    if (!implicitTls && capabilities(ehlo).includes("STARTTLS")) {
      await talk.send("STARTTLS", 220);
      socket.removeAllListeners("data");
      socket = connectTls({ socket, servername: probe.host });
      await opened(socket, "secureConnect");
      talk = new Conversation(socket);
      ehlo = await talk.send("EHLO cuepoint.local", 250, "EHLO");
    }
    if (probe.username) {
      const auth = capabilities(ehlo).find((line) => line.startsWith("AUTH")) ?? "";
      const user = probe.username;
      const password = probe.password ?? "";
      if (/\bPLAIN\b/.test(auth)) {
        const token = Buffer.from(`\0${user}\0${password}`).toString("base64");
        await talk.send(`AUTH PLAIN ${token}`, 235, "the login (AUTH PLAIN)");
      } else if (/\bLOGIN\b/.test(auth)) {
        await talk.send("AUTH LOGIN", 334, "the login (AUTH LOGIN)");
        await talk.send(Buffer.from(user).toString("base64"), 334, "the username");
        await talk.send(Buffer.from(password).toString("base64"), 235, "the login (AUTH LOGIN)");
      } else {
        throw new ServiceError("The SMTP server offers no login (AUTH PLAIN or LOGIN) on this connection.", "refused");
      }
    }
    await talk.send("QUIT", 221).catch(() => undefined);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    throw new ServiceError(`Could not talk to the SMTP server ${probe.host}:${probe.port} (${reason}).`, "unreachable");
  } finally {
    socket.destroy();
  }
}
