/** The header carrying a webhook delivery's signature. */
export const WEBHOOK_SIGNATURE_HEADER = "Cuepoint-Signature";

/** How old (or how far ahead) a signed timestamp may be by default: 5 minutes. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** A delivery's raw body: the text as received, or its bytes. */
export type WebhookBody = string | Uint8Array;

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "malformed" | "outside-tolerance" | "mismatch" };

export interface VerifyWebhookOptions {
  /** The receiver's clock; defaults to `new Date()`. */
  now?: Date;
  /** Defaults to {@link DEFAULT_WEBHOOK_TOLERANCE_SECONDS}. */
  toleranceSeconds?: number;
}

function requireSecret(secret: string, caller: string): void {
  if (typeof secret !== "string" || secret === "") {
    throw new TypeError(`${caller}: the signing secret is empty; copy the integration's secret (whsec_…).`);
  }
}

/** HMAC-SHA256 with the secret's UTF-8 bytes as key, through WebCrypto (any modern runtime). */
const hmacKey = (secret: string, usage: "sign" | "verify") =>
  globalThis.crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);

/** The signed bytes: `${t}.` followed by the body exactly as sent. */
function signedPayload(timestamp: number, body: WebhookBody): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const prefix = encoder.encode(`${timestamp}.`);
  const rest = typeof body === "string" ? encoder.encode(body) : body;
  const bytes = new Uint8Array(prefix.length + rest.length);
  bytes.set(prefix);
  bytes.set(rest, prefix.length);
  return bytes;
}

const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/**
 * The `Cuepoint-Signature` value of a webhook body: `t=<unix seconds>,v1=<hex>`, where `v1` is
 * HMAC-SHA256 with the integration's signing secret over `${t}.${body}` (the exact bytes sent).
 * Binding the time into the MAC lets a receiver refuse replays outside a tolerance window.
 * Given several secrets (the new one first, then one being rotated out), the header carries one
 * `v1` per secret under the one timestamp, so a receiver still holding either secret verifies it;
 * a secret given twice signs once. Throws a TypeError for an empty secret (or an empty list) and a
 * RangeError for an invalid date.
 *
 * @example
 * const body = JSON.stringify({ event: "test" });
 * await signWebhook("whsec_abc", body, new Date("2024-03-05T14:00:00Z"));
 * // "t=1709647200,v1=…64 hex digits…"
 * await signWebhook(["whsec_new", "whsec_old"], body, new Date("2024-03-05T14:00:00Z"));
 * // "t=1709647200,v1=<with whsec_new>,v1=<with whsec_old>"
 */
export async function signWebhook(secrets: string | readonly string[], body: WebhookBody, at: Date): Promise<string> {
  const list = typeof secrets === "string" ? [secrets] : [...new Set(secrets)];
  if (list.length === 0) throw new TypeError("signWebhook: no signing secret given; pass the integration's secret (whsec_…).");
  for (const secret of list) requireSecret(secret, "signWebhook");
  const timestamp = Math.floor(at.getTime() / 1000);
  if (!Number.isFinite(timestamp)) throw new RangeError("signWebhook: `at` is not a valid date.");
  const payload = signedPayload(timestamp, body);
  const macs = await Promise.all(
    list.map(async (secret) => toHex(await globalThis.crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), payload))),
  );
  return [`t=${timestamp}`, ...macs.map((mac) => `v1=${mac}`)].join(",");
}

/** `t=…,v1=…,v1=…` into its timestamp and signatures (several `v1` while a secret is rotated). */
function parseHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * Checks a received webhook the way a receiver should: the `Cuepoint-Signature` header parses,
 * its timestamp is within `toleranceSeconds` of `now` (an older replay is refused even with a
 * valid MAC), and one `v1` is HMAC-SHA256(secret, `${t}.${body}`), compared in constant time by
 * WebCrypto's `verify`. `body` must be the raw request body, before any JSON parsing. Works in
 * Node 20+, browsers, Deno, Bun and Cloudflare Workers. Throws a TypeError for an empty secret.
 *
 * @example
 * // Hono (also Workers, Deno, Bun)
 * app.post("/hooks/cuepoint", async (c) => {
 *   const body = await c.req.text();
 *   const check = await verifyWebhookSignature(secret, c.req.header(WEBHOOK_SIGNATURE_HEADER), body);
 *   if (!check.ok) return c.text(check.reason, 400);
 *   const event = JSON.parse(body); // dedupe on the Idempotency-Key header
 *   return c.body(null, 204);
 * });
 *
 * @example
 * // Express: keep the raw body
 * app.post("/hooks/cuepoint", express.raw({ type: "application/json" }), async (req, res) => {
 *   const check = await verifyWebhookSignature(secret, req.get(WEBHOOK_SIGNATURE_HEADER), req.body);
 *   if (!check.ok) return res.status(400).send(check.reason);
 *   res.sendStatus(204);
 * });
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: WebhookBody,
  options: VerifyWebhookOptions = {},
): Promise<SignatureCheck> {
  requireSecret(secret, "verifyWebhookSignature");
  const parsed = header ? parseHeader(header) : undefined;
  if (!parsed) return { ok: false, reason: "malformed" };
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (!(Math.abs(now - parsed.timestamp) <= tolerance)) return { ok: false, reason: "outside-tolerance" };
  const key = await hmacKey(secret, "verify");
  const payload = signedPayload(parsed.timestamp, body);
  const results = await Promise.all(
    parsed.signatures.map((signature) => globalThis.crypto.subtle.verify("HMAC", key, fromHex(signature), payload)),
  );
  return results.includes(true) ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: "mismatch" };
}
