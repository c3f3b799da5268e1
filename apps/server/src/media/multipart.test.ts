import { describe, expect, it } from "vitest";
import { boundaryOf, MultipartError, partText, readMultipart, type Part } from "./multipart.js";

/** What `fetch` would send for this form: the body and its content type, from undici itself. */
async function encode(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const request = new Request("http://x/", { method: "POST", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type")! };
}

/** The body cut into pieces of `size` bytes, as a network might deliver it. */
async function* pieces(body: Uint8Array, size: number) {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

async function collect(parts: AsyncIterable<Part>) {
  const out: { name: string; filename?: string; value: string }[] = [];
  for await (const part of parts)
    out.push({ name: part.name, filename: part.filename, value: await partText(part, 1e9) });
  return out;
}

describe("readMultipart", () => {
  const form = () => {
    const data = new FormData();
    data.append("fileId", "abc");
    data.append("name", 'in"tro\n.mp4');
    data.append("empty", "");
    data.append("file", new Blob(["--not a boundary\r\n--", "x".repeat(5000)]), "clip.mp4");
    return data;
  };

  it("reads undici's encoding whatever the piece size, boundaries split or not", async () => {
    const { body, type } = await encode(form());
    const boundary = boundaryOf(type)!;
    const expected = await collect(readMultipart(pieces(body, body.length), boundary));
    expect(expected.map((p) => p.name)).toEqual(["fileId", "name", "empty", "file"]);
    expect(expected[1]?.value).toBe('in"tro\r\n.mp4'); // the spec normalises LF to CRLF in values
    expect(expected[3]).toMatchObject({ filename: "clip.mp4", value: `--not a boundary\r\n--${"x".repeat(5000)}` });
    // Around the delimiter's length too (~40 bytes): a delimiter split just after the kept bytes.
    for (const size of [1, 2, 7, 36, 37, 38, 39, 40, 41, 42, 43, 44, 61, 64, 79, 83, 1000]) {
      expect(await collect(readMultipart(pieces(body, size), boundary)), `pieces of ${size}`).toEqual(expected);
    }
  });

  it("skips what a consumer leaves unread", async () => {
    const { body, type } = await encode(form());
    const names: string[] = [];
    for await (const part of readMultipart(pieces(body, 100), boundaryOf(type)!)) {
      names.push(part.name);
      for await (const _first of part.body) break;
    }
    expect(names).toEqual(["fileId", "name", "empty", "file"]);
  });

  it("refuses a body cut short and oversized fields", async () => {
    const { body, type } = await encode(form());
    const cut = collect(readMultipart(pieces(body.subarray(0, body.length - 10), 50), boundaryOf(type)!));
    await expect(cut).rejects.toBeInstanceOf(MultipartError);
    const parts = readMultipart(pieces(body, 50), boundaryOf(type)!);
    const first = await parts.next();
    await expect(partText(first.value as Part, 2)).rejects.toThrow(/too long/);
  });

  it("takes a part of known length without searching it, and refuses one of another length", async () => {
    const { body, type } = await encode(form());
    const boundary = boundaryOf(type)!;
    const file = `--not a boundary\r\n--${"x".repeat(5000)}`;
    const fileOf = async (length: number, size: number) => {
      for await (const part of readMultipart(pieces(body, size), boundary)) {
        if (part.name !== "file") continue;
        const taken: Buffer[] = [];
        for await (const piece of part.exactly(length)) taken.push(piece);
        return Buffer.concat(taken).toString();
      }
    };
    for (const size of [1, 39, 40, 41, 100, body.length]) expect(await fileOf(file.length, size), `pieces of ${size}`).toBe(file);
    await expect(fileOf(file.length - 1, 64)).rejects.toThrow('The "file" part holds more than 5019 bytes.');
    // Shorter than said: the boundary is taken as file bytes, then the form ends inside the part.
    await expect(fileOf(file.length + 1, 64)).rejects.toBeInstanceOf(MultipartError);
    // What follows the part is read as usual.
    const after = new FormData();
    after.append("file", new Blob(["abc"]), "a.mp4");
    after.append("checksum", "z");
    const encoded = await encode(after);
    const seen: string[] = [];
    for await (const part of readMultipart(pieces(encoded.body, 7), boundaryOf(encoded.type)!)) {
      if (part.name === "file") for await (const piece of part.exactly(3)) seen.push(piece.toString());
      else seen.push(`${part.name}=${await partText(part)}`);
    }
    expect(seen.join("")).toBe("abcchecksum=z");
  });

  it("finds the boundary of a content type", () => {
    expect(boundaryOf("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("application/json")).toBeUndefined();
    expect(boundaryOf(undefined)).toBeUndefined();
  });
});
