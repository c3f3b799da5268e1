// The upload benchmarks' source file, written once here so both measure the same bytes.
import { Buffer } from "node:buffer";
import { createHash, randomFillSync } from "node:crypto";
import { open } from "node:fs/promises";

const MiB = 1024 * 1024;

/**
 * Writes `size` random-ish bytes (one random MiB, stamped with its position so no two MiB are
 * alike) to `path`, a MiB at a time so memory stays flat, and returns their SHA-256 (hex).
 */
export async function writeTestFile(path, size) {
  const block = randomFillSync(Buffer.alloc(MiB));
  const hash = createHash("sha256");
  const file = await open(path, "w");
  try {
    for (let offset = 0; offset < size; offset += MiB) {
      block.writeDoubleLE(offset, 0);
      hash.update(block);
      await file.write(block, 0, MiB, offset);
    }
  } finally {
    await file.close();
  }
  return hash.digest("hex");
}
