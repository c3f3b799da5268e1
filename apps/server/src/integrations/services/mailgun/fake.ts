/*
 * A loopback Mailgun API, written from Mailgun's public API reference:
 * - https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/ (HTTP Basic, user `api`,
 *   password the API key; US host api.mailgun.net, EU host api.eu.mailgun.net)
 * - https://documentation.mailgun.com/docs/mailgun/api-reference/send/mailgun/messages/post-v3--domain-name--messages
 *   (POST /v3/{domain_name}/messages, multipart/form-data: `from`, `to`, `subject` required, one of `text`/`html`;
 *   `h:` prefixed fields become MIME headers; 200 `{ id, message: "Queued. Thank you." }`; 400 `{ message }`
 *   "parameter is not a valid address")
 * - https://documentation.mailgun.com/docs/mailgun/user-manual/sending-messages (custom headers, Message-Id)
 * - https://documentation.mailgun.com/docs/mailgun/api-reference/openapi-final/domains (GET /v4/domains/{name}:
 *   200 `{ domain: { name, state: "active" | "unverified" | "disabled", … } }`; 404 `{ message: "Domain not found" }`)
 * Errors are JSON `{ "message": "…" }`; a wrong key is 401 "Forbidden".
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const MAILGUN_KEY = "key-0123456789abcdef0123456789abcdef";
export const MAILGUN_DOMAIN = "mg.example.com";

/** One message Mailgun accepted: its form fields (an `h:` field is a header). */
export type MailgunMessage = Record<string, string[]>;

export interface MailgunFake extends FakeService {
  /** The messages accepted, in order. */
  messages: MailgunMessage[];
  /** Domains of the account and their state. */
  domains: Map<string, string>;
  /** Makes the next send answer `status` with `message` (before accepting anything). */
  failNext(status: number, message: string): void;
}

const refuse = (status: number, message: string): FakeAnswer => ({ status, json: { message } });

/**
 * The fields of a multipart/form-data body (text parts only, repeated names kept in order), or
 * undefined when the body is not multipart with the boundary of its Content-Type.
 */
export function multipartFields(request: ReceivedRequest): MailgunMessage | undefined {
  const type = String(request.headers["content-type"] ?? "");
  const boundary = /^multipart\/form-data;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker || !request.body.trimEnd().endsWith(`--${marker}--`)) return undefined;
  const fields: MailgunMessage = {};
  for (const part of request.body.split(`--${marker}`).slice(1, -1)) {
    const [head = "", ...rest] = part.replace(/^\r\n/, "").split("\r\n\r\n");
    const name = /content-disposition:\s*form-data;\s*name="([^"]+)"/i.exec(head)?.[1];
    if (!name) return undefined;
    (fields[name] ??= []).push(rest.join("\r\n\r\n").replace(/\r\n$/, ""));
  }
  return fields;
}

const ADDRESS = /^(?:"(?:[^"\\]|\\.)*"\s*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>"]+@[^\s@<>"]+)$/;

/** Runs `answer` only with Basic `api:<key>`. */
function basic(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  const expected = `Basic ${Buffer.from(`api:${MAILGUN_KEY}`).toString("base64")}`;
  return (request) => (request.headers.authorization === expected ? answer(request) : refuse(401, "Forbidden"));
}

/**
 * Starts the fake: the account has `MAILGUN_DOMAIN` (active) and new.example.com (unverified);
 * other.example.com is not its domain (404).
 */
export async function startMailgunFake(): Promise<MailgunFake> {
  const messages: MailgunMessage[] = [];
  const domains = new Map([
    [MAILGUN_DOMAIN, "active"],
    ["new.example.com", "unverified"],
  ]);
  const failures: FakeAnswer[] = [];
  const fake = await startFakeService();
  const send = basic((request) => {
    const failure = failures.shift();
    if (failure) return failure;
    const domain = request.path.split("/")[2] ?? "";
    if (!domains.has(domain)) return refuse(404, `Domain not found: ${domain}`);
    const fields = multipartFields(request);
    if (!fields) return refuse(400, "Expected multipart/form-data");
    for (const required of ["from", "to", "subject"]) {
      if (!fields[required]?.[0]) return refuse(400, `'${required}' parameter is missing`);
    }
    if (!fields.text && !fields.html && !fields.template) return refuse(400, "Need at least one of 'text', 'html' or 'template' parameters specified");
    for (const name of ["from", "to"]) {
      if (!fields[name]?.every((value) => value.split(",").every((one) => ADDRESS.test(one.trim())))) {
        return refuse(400, `${name} parameter is not a valid address. please check documentation`);
      }
    }
    messages.push(fields);
    const id = fields["h:Message-Id"]?.[0] ?? `<${Date.now()}.${messages.length}@${domain}>`;
    return { json: { id, message: "Queued. Thank you." } };
  });
  const domain = basic((request) => {
    const name = decodeURIComponent(request.path.split("/")[3] ?? "");
    const state = domains.get(name);
    if (!state) return refuse(404, "Domain not found");
    return {
      json: {
        domain: { name, state, id: "6512c9d5", created_at: "Tue, 26 Sep 2023 12:00:00 GMT", type: "custom", is_disabled: state === "disabled" },
        receiving_dns_records: [],
        sending_dns_records: [],
      },
    };
  });
  const table: Record<string, (request: ReceivedRequest) => FakeAnswer> = {};
  for (const name of [...domains.keys(), "other.example.com"]) {
    table[`POST /v3/${name}/messages`] = send;
    table[`GET /v4/domains/${name}`] = domain;
  }
  fake.on(table);
  return Object.assign(fake, { messages, domains, failNext: (status: number, message: string) => void failures.push(refuse(status, message)) });
}
