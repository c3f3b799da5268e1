// The loopback chunk server of the upload benchmark, run in its own process by upload-node.mjs so
// that the client's memory is measured alone. It speaks the uploader's protocol (see
// packages/sdk/src/upload/PROTOCOL.md): it streams each chunk to disk at its offset while hashing
// it, never holding a chunk or a file in memory. Usage: node upload-server.mjs <dir>; it prints
// {"port":n} on stdout once listening.
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node upload-server.mjs <dir>");
const held = new Map(); // fileId -> Set of chunk indexes on disk
let nextId = 1;

const send = (res, status, body) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

async function sha256OfFile(path) {
  const hash = createHash("sha256");
  for await (const part of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(part);
  return hash.digest("hex");
}

/**
 * Reads a chunk post as it arrives: the small fields first, then the file part (followed by the
 * checksum alone when the uploader hashes as it sends), hashed and written to disk piece by piece, so that a 100 MB chunk is never held whole.
 */
async function receive(req, res) {
  const [, quoted, bare] = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(req.headers["content-type"] ?? "") ?? [];
  const delimiter = Buffer.from(`\r\n--${quoted ?? bare}`);
  // Enough to hold back the closing delimiter, or a checksum part after the file (the SDK's Node
  // transport hashes as it sends and puts the checksum last: PROTOCOL.md).
  const keep = delimiter.length + 256;
  const fields = {};
  let head = Buffer.alloc(0);
  let tail;
  let file;
  let position = 0;
  const hash = createHash("sha256");
  const put = async (bytes) => {
    hash.update(bytes);
    await file.write(bytes, 0, bytes.length, position);
    position += bytes.length;
  };
  try {
    for await (const piece of req) {
      if (!file) {
        head = Buffer.concat([head, piece]);
        const marker = head.indexOf('name="file"');
        const data = marker < 0 ? -1 : head.indexOf("\r\n\r\n", marker);
        if (data < 0) continue;
        for (const [, name, value] of head.subarray(0, marker).toString().matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g))
          fields[name] = value;
        position = Number(fields.start);
        const path = join(dir, `${fields.fileId}.bin`);
        file = await open(path, held.has(fields.fileId) ? "r+" : "w");
        tail = head.subarray(data + 4);
      } else tail = Buffer.concat([tail, piece]);
      if (tail.length > keep) {
        await put(tail.subarray(0, tail.length - keep));
        tail = Buffer.from(tail.subarray(tail.length - keep));
      }
    }
    if (!file) return send(res, 400, { message: "No file part" });
    const end = tail.indexOf(delimiter);
    await put(tail.subarray(0, end));
    const trailing = /name="checksum"\r\n\r\n([0-9a-fA-F]{64})\r\n/.exec(tail.subarray(end).toString());
    if (trailing) fields.checksum = trailing[1];
  } finally {
    await file?.close();
  }
  const { fileId } = fields;
  if (hash.digest("hex") !== fields.checksum) return send(res, 422, { code: "checksum_mismatch" });
  held.set(fileId, (held.get(fileId) ?? new Set()).add(Number(fields.index)));
  if (fields.isLast !== "true") return send(res, 200, { ok: true });
  const path = join(dir, `${fileId}.bin`);
  const sha256 = await sha256OfFile(path);
  await rm(path);
  send(res, 200, { message: { uuid: fileId, uniqueID: `bench-${nextId}`, type: "video", id: nextId++, sha256 } });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://loopback");
  if (req.method === "GET" && url.pathname === "/upload/chunk")
    return send(res, 200, { chunks: [...(held.get(url.searchParams.get("fileId")) ?? [])] });
  if (req.method === "POST" && url.pathname === "/upload/chunk")
    return void receive(req, res).catch((error) => send(res, 500, { message: String(error) }));
  send(res, 404, { message: "Not found" });
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
