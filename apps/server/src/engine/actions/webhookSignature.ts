import { createHmac, timingSafeEqual } from "node:crypto";

/** The header carrying a webhook's signature. */
export const SIGNATURE_HEADER = "Cuepoint-Signature";

/** How old (or how far ahead) a signed timestamp may be by default: 5 minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

/**
 * The `Cuepoint-Signature` value of a webhook body: `t=<unix seconds>,v1=<hex>`, where `v1` is
 * HMAC-SHA256 with the integration's signing secret over `${t}.${body}` (the exact bytes sent).
 * Binding the time into the MAC lets a receiver refuse replays outside a tolerance window.
 *
 * @example
 * signWebhook("whsec_abc", '{"event":"timeline.action"}', new Date("2024-03-05T14:00:00Z"));
 * // "t=1709647200,v1=5d0c…"
 */
export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "malformed" | "outside-tolerance" | "mismatch" };

/** `t=…,v1=…,v1=…` into its timestamp and signatures (several `v1` while a secret is rotated). */
function parseHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * Checks a received webhook the way a receiver should: the `Cuepoint-Signature` header parses,
 * its timestamp is within `toleranceSeconds` of `now` (an older replay is refused even with a
 * valid MAC), and one `v1` equals HMAC-SHA256(secret, `${t}.${body}`) compared in constant time.
 * `body` must be the raw request body, before any JSON parsing.
 *
 * @example
 * const check = verifyWebhookSignature(secret, req.headers["cuepoint-signature"], rawBody, new Date());
 * if (!check.ok) return res.status(400).end(check.reason);
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined | null,
  body: string,
  now: Date,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): SignatureCheck {
  const parsed = header ? parseHeader(header) : undefined;
  if (!parsed) return { ok: false, reason: "malformed" };
  if (Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp) > toleranceSeconds) {
    return { ok: false, reason: "outside-tolerance" };
  }
  const expected = Buffer.from(hmac(secret, parsed.timestamp, body), "hex");
  const matches = parsed.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "hex"), expected));
  return matches ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: "mismatch" };
}
