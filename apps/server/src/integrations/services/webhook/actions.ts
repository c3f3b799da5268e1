import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer } from "../../actions/http.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import { isRebased } from "../../endpoints.js";
import { pinnedAddress, type CheckedAddress } from "../../publicHost.js";
import { SIGNING_SECRET_FIELD, signingSecretsAt } from "../../signingSecret.js";
import type { ActionRun } from "../types.js";
import { webhookPayload } from "./payload.js";

/**
 * WEBHOOK and ZAPIER `sendWebhook`: POSTs the registrant, event and action as JSON to the
 * node's `model.webhook`, with `Idempotency-Key: job.idempotencyKey` and, when the integration
 * has a signing secret (given at creation, see integrations/signingSecret.ts),
 * `Cuepoint-Signature: t=<unix>,v1=<hex>` (`signWebhook` of @cuepoint/sdk, whose
 * `verifyWebhookSignature` receivers use); for a while after a rotation a second `v1`, made with
 * the replaced secret, follows (`signingSecretsAt`), so a receiver holding either verifies it.
 * The address is one a person typed: a private-network host is refused unless the operator
 * allows it or rebased the kind (`CUEPOINT_<KIND>_BASE_URL`, origin replaced, path kept).
 *
 * @example
 * await sendWebhook(run); // { status: "sent", detail: "HTTP 200 (signed)" }
 */
export async function sendWebhook({ job, engine, loaded, service }: ActionRun): Promise<ActionOutcome> {
  const { label } = service;
  const address = String(job.node.model.webhook).trim();
  const url = new URL(address);
  let pin: CheckedAddress | undefined;
  if (isRebased(loaded.kind)) {
    url.href = service.url(url.href);
  } else {
    // The dispatcher's requireReady applied the address rule to the typed URL; this checks what it resolves to, and pins it.
    pin = await asAction(() => pinnedAddress(url, label));
  }
  const now = engine.now();
  const body = JSON.stringify(webhookPayload(job, now));
  // Every integration made now has one; older ones go unsigned until one is set.
  const secret = loaded.secrets.data[SIGNING_SECRET_FIELD];
  if (secret !== undefined && (typeof secret !== "string" || secret === "")) {
    throw new PermanentActionError(`${label}: the signing secret must be text; set it again.`);
  }
  const secrets = signingSecretsAt(loaded.secrets, now);
  const signed = secrets.length > 0;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "idempotency-key": job.idempotencyKey,
    "user-agent": "Cuepoint-Webhooks/1",
    ...(signed && { [WEBHOOK_SIGNATURE_HEADER]: await signWebhook(secrets, body, now) }),
  };
  const { status } = await callPeer(label, url.href, { raw: body, headers, pin });
  return { status: "sent", detail: `HTTP ${status}${signed ? " (signed)" : " (unsigned: no signing secret set)"}` };
}
