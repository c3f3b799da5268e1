import { createHash, randomBytes } from "node:crypto";

/**
 * Bearer tokens. Each kind has a prefix so the server knows which table to look in (and secret
 * scanners can recognise a leaked one); the rest is 32 random bytes. Only the SHA-256 of a token
 * is stored: a fast hash is right here (unlike passwords) because the token is already
 * 256 bits of randomness, so there is nothing to guess.
 */
export const SESSION_TOKEN_PREFIX = "cps_";
export const PERSONAL_TOKEN_PREFIX = "cpat_";

/** A new random token with the given prefix. */
export const newToken = (prefix = ""): string => prefix + randomBytes(32).toString("base64url");

/** The stored form of a token. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
