import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt, from node:crypto: memory-hard (each guess costs 128·N·r bytes,
 * 32 MiB here, which is what makes GPU and ASIC guessing expensive), built into Node (no native
 * add-on to compile, unlike argon2 or bcrypt packages), and with parameters OWASP lists for
 * scrypt (N=2^15, r=8, p=1 ≥ its 2^17/8/1 floor when memory is taken into account; about 90 ms
 * here). The parameters and the salt are stored in the hash, so raising them later only affects
 * new hashes, and `needsRehash` tells when to upgrade one at the next login.
 *
 * Format: `scrypt$N=32768,r=8,p=1$<salt, base64>$<hash, base64>`.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // maxmem must exceed 128·N·r, or Node refuses (its default ceiling is exactly 32 MiB).
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Hashes a password for storage.
 *
 * @example
 * const stored = await hashPassword("Webinar#2024"); // "scrypt$N=32768,r=8,p=1$…$…"
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const [scheme, paramText, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !paramText || !salt || !key) return undefined;
  const params = Object.fromEntries(paramText.split(",").map((pair) => pair.split("=")));
  const [N, r, p] = [Number(params.N), Number(params.r), Number(params.p)];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return undefined;
  return { params: { N, r, p }, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
}

/**
 * True when `password` matches the stored hash. Compares in constant time; a malformed hash never
 * matches.
 *
 * @example
 * await verifyPassword("Webinar#2024", stored); // true
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash used weaker parameters than today's: rehash it at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N < SCRYPT_PARAMS.N || r < SCRYPT_PARAMS.r || p < SCRYPT_PARAMS.p;
}

/**
 * A hash of a random password, verified against when the email is unknown, so a failed login
 * takes as long whether or not the account exists (no user enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString("hex")));
