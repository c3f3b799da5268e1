import { BYTES_PER_GB } from "../../constants.js";

export interface StorageCheck {
  /** Bytes the account already stores (plus any upload already accepted but not finished). */
  usedBytes: number;
  /** The plan's storage in GB (§9); -1 means unlimited. */
  limitGB: number;
  /** Bytes the new upload adds. */
  adding: number;
}

export type StorageCheckResult = { ok: true } | { ok: false; message: string };

const gb = (bytes: number): string => (bytes / BYTES_PER_GB).toFixed(2);

/**
 * Whether an upload of `adding` bytes still fits in the plan's storage (spec §5: a file that would
 * exceed the storage limit is rejected with an error toast). Filling the storage exactly is allowed.
 *
 * @example
 * checkStorageLimit({ usedBytes: 1.65 * 1024 ** 3, limitGB: 2, adding: 1.2 * 1024 ** 3 });
 * // { ok: false, message: "This upload needs 1.20 GB but only 0.35 GB of your 2 GB storage is left." }
 * checkStorageLimit({ usedBytes: 0, limitGB: -1, adding: 5e12 }); // { ok: true }
 */
export function checkStorageLimit({ usedBytes, limitGB, adding }: StorageCheck): StorageCheckResult {
  const left = Math.max(0, limitGB * BYTES_PER_GB - usedBytes);
  if (limitGB < 0 || adding <= left) return { ok: true };
  return {
    ok: false,
    message: `This upload needs ${gb(adding)} GB but only ${gb(left)} GB of your ${limitGB} GB storage is left.`,
  };
}
