import { checkTargetUrl, signWebhook, WEBHOOK_SIGNATURE_HEADER } from "@cuepoint/sdk";
import { allowPrivateTargets } from "../../endpoints.js";
import { pinnedAddress } from "../../publicHost.js";
import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter } from "../types.js";

/**
 * WEBHOOK and ZAPIER: nothing to connect (each timeline action posts to its own address), so the
 * check posts a sample payload to the address given as `webhook` (or `url`) and passes on any
 * 2xx. A saved integration with a signing secret signs it as deliveries are signed
 * (`Cuepoint-Signature`, with a second `v1` while a rotated-out secret still signs), so the
 * receiver can try its `verifyWebhookSignature` on it. Without an
 * address there is nothing to try, and the check says so and passes.
 */
export const webhookAdapter: IntegrationAdapter = {
  async check(ctx) {
    const address = ctx.credentials.webhook ?? ctx.credentials.url;
    if (!address) return `${ctx.label} needs no connection: each action posts to its own webhook address.`;
    // The webhook action's own rule (SDK checkTargetUrl), then every resolved address, pinned.
    const target = checkTargetUrl(address, { label: "The webhook address", allowPrivate: allowPrivateTargets() });
    if (!target.ok) throw new ServiceError(`${ctx.label}: ${target.message}`, "refused");
    const url = new URL(address);
    const pin = await pinnedAddress(url, ctx.label);
    const now = ctx.now();
    const body = JSON.stringify({
      event: "test",
      source: "cuepoint",
      message: "Cuepoint connection test: the webhook address answers.",
      sent_at: now.toISOString(),
      registrant: { name: "Test Registrant", email: "test@example.com" },
    });
    const headers: Record<string, string> = { "content-type": "application/json" };
    const signed = ctx.signingSecrets.length > 0;
    if (signed) headers[WEBHOOK_SIGNATURE_HEADER] = await signWebhook(ctx.signingSecrets, body, now);
    await ctx.call(url.toString(), { raw: body, headers, pin });
    return signed
      ? `The webhook answered the test payload. It was signed (${WEBHOOK_SIGNATURE_HEADER}) with this integration's signing secret.`
      : `The webhook answered the test payload.`;
  },
};
