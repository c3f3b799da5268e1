/**
 * Webhook deliveries: the `Cuepoint-Signature` scheme, so a receiver verifies what Cuepoint
 * sent (and the server signs it with the same code). WebCrypto only: no `node:` import.
 */
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  signWebhook,
  verifyWebhookSignature,
  type SignatureCheck,
  type VerifyWebhookOptions,
  type WebhookBody,
} from "./signature.js";
