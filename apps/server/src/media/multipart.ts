/**
 * A streaming multipart/form-data reader (RFC 7578) for the chunk upload: parts come one at a
 * time and a part's body is read as it arrives, so a 100 MB file part goes to disk in pieces of
 * whatever size the network delivers and is never held whole. (`Request.formData()` and Hono's
 * `parseBody()` hold the whole body in memory.) Built on `Buffer.indexOf`, which searches in
 * native code; the only copies are of the few bytes that might begin a boundary.
 */

export class MultipartError extends Error {}

export interface Part {
  name: string;
  /** Present for file parts. */
  filename: string | undefined;
  contentType: string | undefined;
  /** The part's bytes as they arrive. Read it to the end (or not at all) before the next part. */
  body: AsyncIterable<Buffer>;
  /**
   * The part's bytes when the reader knows how many there are (the chunk's `position - start`):
   * exactly `length` bytes, taken without searching them for the boundary, then the boundary
   * must follow (a MultipartError otherwise: the part is longer, or the form ends early). Read
   * either this or `body`, not both.
   */
  exactly(length: number): AsyncIterable<Buffer>;
}

/** `multipart/form-data; boundary=…` → the boundary, or undefined for any other type. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const [type, ...params] = (contentType ?? "").split(";");
  if (type?.trim().toLowerCase() !== "multipart/form-data") return undefined;
  for (const param of params) {
    const match = /^\s*boundary=(?:"([^"]+)"|([^\s;]+))\s*$/i.exec(param);
    if (match) return match[1] ?? match[2];
  }
  return undefined;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

/** Browsers and undici escape `"`, CR and LF in names as %22, %0D and %0A (HTML's FormData encoding). */
const unescape = (value: string) => value.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");

function parseHeaders(text: string): Omit<Part, "body" | "exactly"> {
  let disposition = "";
  let contentType: string | undefined;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = value;
    else if (key === "content-type") contentType = value;
  }
  const param = (key: string) => new RegExp(`;\\s*${key}="([^"]*)"`, "i").exec(disposition)?.[1];
  const name = param("name");
  if (!/^form-data\b/i.test(disposition) || name === undefined) {
    throw new MultipartError("A part of the form has no form-data name.");
  }
  const filename = param("filename");
  return { name: unescape(name), filename: filename === undefined ? undefined : unescape(filename), contentType };
}

/**
 * The parts of a multipart body, in order. A part's `body` must be consumed (or skipped) before
 * asking for the next part; asking for the next part skips whatever is left of the current one.
 *
 * @example
 * for await (const part of readMultipart(request.body, boundaryOf(request.headers.get("content-type"))!))
 *   if (part.filename) for await (const bytes of part.body) await file.write(bytes);
 */
export async function* readMultipart(source: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<Part> {
  const input = source[Symbol.asyncIterator]();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A CRLF in front lets the first boundary (which has none) match like all the others.
  let buffer: Buffer = Buffer.from("\r\n");
  let ended = false;

  /** The next piece of the source, undefined at its end. */
  const pull = async (): Promise<Buffer | undefined> => {
    if (ended) return undefined;
    const next = await input.next();
    if (next.done) return void (ended = true);
    return Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  };
  /** Appends the next piece to `buffer`; false at the source's end. */
  const more = async (): Promise<boolean> => {
    const bytes = await pull();
    if (!bytes) return false;
    buffer = buffer.length === 0 ? bytes : Buffer.concat([buffer, bytes]);
    return true;
  };

  /** Bytes up to the next delimiter, yielded as they come; the delimiter itself is consumed. */
  async function* untilDelimiter(): AsyncGenerator<Buffer> {
    for (;;) {
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield buffer.subarray(0, at);
        buffer = buffer.subarray(at + delimiter.length);
        return;
      }
      // Keep only what could be the start of a delimiter split across two reads.
      const safe = buffer.length - delimiter.length + 1;
      if (safe > 0) {
        const piece = buffer.subarray(0, safe);
        buffer = buffer.subarray(safe);
        yield piece;
      }
      const next = await pull();
      if (!next) throw new MultipartError("The form data ended before its closing boundary.");
      // The kept bytes begin a delimiter only if it runs on into the next piece: join just those
      // few bytes to see, rather than copying every piece of a large file behind them.
      const joint = next.length >= delimiter.length && buffer.length > 0;
      const across = joint ? Buffer.concat([buffer, next.subarray(0, delimiter.length - 1)]).indexOf(delimiter) : 0;
      if (joint && (across < 0 || across >= buffer.length)) {
        yield buffer;
        buffer = next;
      } else buffer = buffer.length === 0 ? next : Buffer.concat([buffer, next]);
    }
  }

  for await (const _preamble of untilDelimiter()); // skip anything before the first boundary
  for (;;) {
    while (buffer.length < 2) if (!(await more())) throw new MultipartError("The form data ended early.");
    if (buffer[0] === 0x2d && buffer[1] === 0x2d) return; // "--": the closing boundary
    let end = buffer.indexOf(HEADER_END);
    while (end < 0) {
      if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("A part's headers are too long.");
      if (!(await more())) throw new MultipartError("The form data ended inside a part's headers.");
      end = buffer.indexOf(HEADER_END);
    }
    // The headers begin after the CRLF that ends the boundary line (transport padding allowed).
    const headers = parseHeaders(
      buffer
        .subarray(0, end)
        .toString("utf8")
        .replace(/^[ \t]*\r\n/, ""),
    );
    buffer = buffer.subarray(end + HEADER_END.length);
    const rest = untilDelimiter();
    // No `return` on this iterator: a consumer that stops early must not end `rest`, whose
    // remaining bytes are skipped below to reach the next part.
    const body: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => ({ next: () => rest.next() }) };
    let framed = false;
    async function* exactly(length: number): AsyncGenerator<Buffer> {
      framed = true;
      for (let left = length; left > 0; ) {
        if (buffer.length === 0 && !(await more())) throw new MultipartError("The form data ended inside a part.");
        const piece = buffer.length <= left ? buffer : buffer.subarray(0, left);
        buffer = buffer.subarray(piece.length);
        left -= piece.length;
        yield piece;
      }
      while (buffer.length < delimiter.length) {
        if (!(await more())) throw new MultipartError("The form data ended before its closing boundary.");
      }
      if (!buffer.subarray(0, delimiter.length).equals(delimiter)) {
        throw new MultipartError(`The "${headers.name}" part holds more than ${length} bytes.`);
      }
      buffer = buffer.subarray(delimiter.length);
    }
    yield { ...headers, body, exactly };
    if (!framed) for await (const _unread of rest);
  }
}

/** A text part's value, refused past `limit` bytes (fields are small; only the file is large). */
export async function partText(part: Part, limit = 64 * 1024): Promise<string> {
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of part.body) {
    length += piece.length;
    if (length > limit) throw new MultipartError(`The form field "${part.name}" is too long.`);
    pieces.push(piece);
  }
  return Buffer.concat(pieces).toString("utf8");
}
