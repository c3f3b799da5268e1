import { eachPart, nodeModule } from "./node.js";

interface NodeHash {
  update(data: Uint8Array): unknown;
  digest(encoding: "hex"): string;
}
/** The part of `node:crypto` the uploader uses (sha256Hex and the Node transport). */
export interface NodeCrypto {
  createHash(algorithm: "sha256"): NodeHash;
}

/**
 * Hex SHA-256 of a blob (a chunk's `checksum` field).
 *
 * `crypto.subtle.digest` cannot stream, so it needs the whole chunk in memory: 100 MB with the
 * default chunk size. Under Node (≥ 20.16, which has `process.getBuiltinModule`) the hash is fed
 * from `blob.stream()` instead, which keeps the uploader's memory flat whatever the chunk size;
 * going through `getBuiltinModule` means no `node:` import reaches a browser bundle.
 *
 * @example
 * await sha256Hex(new Blob(["abc"])); // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export async function sha256Hex(blob: Blob): Promise<string> {
  const node = nodeModule<NodeCrypto>("node:crypto");
  if (node) {
    const hash = node.createHash("sha256");
    await eachPart(blob, (part) => hash.update(part));
    return hash.digest("hex");
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await blob.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
