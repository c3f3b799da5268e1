/**
 * Reads the mails the loopback SMTP peer received (smtpPeer.ts), as tests need them: a header
 * unfolded, and the plain-text and HTML parts of a multipart/alternative mail (or the one body
 * of a single-part mail), quoted-printable and base64 decoded, line ends as \\n.
 */

const headerBlock = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");

/** A header's value, unfolded (undefined when absent). */
export const mailHeader = (raw: string, name: string): string | undefined =>
  new RegExp(`^${name}: (.*)$`, "im").exec(headerBlock(raw))?.[1];

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** The decoded body of one MIME entity (headers, blank line, body). */
const entityBody = (entity: string) =>
  decode(entity.slice(entity.indexOf("\r\n\r\n") + 4).replace(/\r\n$/, ""), mailHeader(entity, "Content-Transfer-Encoding"))
    .replace(/\r\n/g, "\n")
    .trim();

/**
 * The text and HTML parts of a received mail: a multipart/alternative's two parts, or a
 * single-part mail's body as `text` (or `html`, by its content type).
 *
 * @example
 * const { text, html } = mailBodies(smtp.mails[0].raw);
 */
export function mailBodies(raw: string): { text?: string; html?: string; contentType: string } {
  const contentType = mailHeader(raw, "Content-Type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) {
    const body = entityBody(raw);
    return contentType.startsWith("text/html") ? { html: body, contentType } : { text: body, contentType };
  }
  const found: { text?: string; html?: string; contentType: string } = { contentType };
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break;
    const entity = part.replace(/^\r\n/, "");
    const type = mailHeader(entity, "Content-Type") ?? "text/plain";
    if (type.startsWith("text/plain")) found.text = entityBody(entity);
    else if (type.startsWith("text/html")) found.html = entityBody(entity);
  }
  return found;
}
