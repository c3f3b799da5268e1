import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { settings } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/**
 * Integration secrets at rest: AES-256-GCM (node:crypto), a fresh 96-bit IV per write, and the
 * row's `accountId/integrationId` as associated data, so a ciphertext copied into another row or
 * account fails to open instead of leaking there.
 *
 * Envelope: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url). `keyId` is the first 8 hex digits of
 * the key's SHA-256: it names the key without revealing it, which is what key rotation needs
 * (future work: a `CUEPOINT_SECRET_KEY_PREVIOUS` list to open old envelopes and a re-seal command).
 *
 * The key: `CUEPOINT_SECRET_KEY` (32 bytes as 64 hex digits or base64), else one generated on
 * first use and kept in the `settings` table like the support secret, so `pnpm start` needs no
 * setup and every instance on one database agrees. A generated key sits in the same database as
 * the envelopes, which protects backups of the integrations table alone, not a dump of the
 * whole database: production sets the variable.
 */
export interface SealingKey {
  id: string;
  key: Buffer;
}

const VERSION = "v1";
const SETTING_KEY = "integration_secret_key";

export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) {
    throw new Error("CUEPOINT_SECRET_KEY must be 32 bytes: 64 hex digits or base64 (e.g. `openssl rand -hex 32`).");
  }
  return key;
}

const keyOf = (key: Buffer): SealingKey => ({ id: createHash("sha256").update(key).digest("hex").slice(0, 8), key });

/** Generated keys, per database, so a process reads the settings row once. */
const generated = new WeakMap<Orm, Promise<SealingKey>>();

/** The key to seal with: the configured one, else the database's generated one. */
export function sealingKey(orm: Orm, configured: string | undefined = process.env.CUEPOINT_SECRET_KEY): Promise<SealingKey> {
  if (configured) return Promise.resolve(keyOf(parseKey(configured)));
  let pending = generated.get(orm);
  if (!pending) {
    pending = (async () => {
      // `on conflict do nothing`: instances racing on a fresh database all keep the first key.
      await orm
        .insert(settings)
        .values({ key: SETTING_KEY, value: randomBytes(32).toString("hex") })
        .onConflictDoNothing();
      const [row] = await orm.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING_KEY));
      if (typeof row?.value !== "string") throw new Error("The integration secret key setting is not a string.");
      return keyOf(parseKey(row.value));
    })();
    pending.catch(() => generated.delete(orm));
    generated.set(orm, pending);
  }
  return pending;
}

/** Derived keys, per database and purpose. */
const derived = new WeakMap<Orm, Map<string, Promise<Buffer>>>();

/**
 * A 32-byte key for one purpose (`purpose`, e.g. "cuepoint media link v1"): HKDF-SHA256 of the
 * server's secret key ({@link sealingKey}), so what is signed for one purpose is worthless for another.
 */
export function purposeKey(orm: Orm, purpose: string): Promise<Buffer> {
  const keys = derived.get(orm) ?? new Map<string, Promise<Buffer>>();
  derived.set(orm, keys);
  let key = keys.get(purpose);
  if (!key) {
    key = sealingKey(orm).then(({ key: secret }) => Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), purpose, 32)));
    key.catch(() => keys.delete(purpose));
    keys.set(purpose, key);
  }
  return key;
}

const b64 = (buffer: Buffer) => buffer.toString("base64url");

/** Encrypts `value` (any JSON) for the row named by `context`. */
export function seal(value: unknown, key: SealingKey, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [VERSION, key.id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join(".");
}

/** Decrypts an envelope of {@link seal}; throws when the key, the context or the bytes differ. */
export function open(envelope: string, key: SealingKey, context: string): unknown {
  const [version, keyId, iv, tag, body] = envelope.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
    throw new Error("Not an integration secret envelope.");
  }
  if (keyId !== key.id) {
    throw new Error(`Integration secrets were sealed with key ${keyId}, not the current key ${key.id}.`);
  }
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(text);
}
