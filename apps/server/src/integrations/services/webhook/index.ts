import type { IntegrationService } from "../types.js";
import { sendWebhook } from "./actions.js";
import { webhookAdapter } from "./adapter.js";

/** WEBHOOK and ZAPIER: a signed JSON POST to the address each action names; see README.md. */
export const webhookService: IntegrationService = {
  ...webhookAdapter,
  kinds: ["WEBHOOK", "ZAPIER"],
  actions: { sendWebhook },
};
