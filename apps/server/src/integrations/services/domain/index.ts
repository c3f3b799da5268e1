import { notAskable } from "../liveevent/index.js";
import type { IntegrationService } from "../types.js";

/**
 * The custom join domain (`domain`, `defaultRedirect`): this server does not serve join pages on
 * a custom domain yet, so there is nothing on it to reach and check; the check says so instead of
 * "connected" (README.md). The domains' format is still checked (the SDK's DOMAIN_PATTERN).
 */
export const domainService: IntegrationService = {
  ...notAskable(
    (ctx) =>
      `${ctx.label} cannot be checked yet: this server does not serve join pages on ${ctx.credentials.domain || "a custom domain"}, so there is nothing there to reach.`,
  ),
  kinds: ["DOMAIN"],
  actions: {},
};
