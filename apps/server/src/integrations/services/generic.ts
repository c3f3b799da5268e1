import * as v from "valibot";
import { credentialSchemaFor, integrationCatalogue } from "@cuepoint/sdk";
import { ServiceError } from "../serviceCall.js";
import type { IntegrationAdapter } from "./types.js";

/**
 * Kinds without an adapter of their own yet: the check confirms what can be confirmed without
 * the service — an OAuth connection holds a token, a credential form is complete — and says
 * plainly that the service itself was not asked; a pass leaves the integration not connected.
 * List calls answer 400 saying the kind supports
 * the connection check only (`requireOperation`).
 */
export const generic: IntegrationAdapter = {
  verifies: false,
  async check(ctx) {
    const entry = integrationCatalogue[ctx.kind];
    if (entry.auth === "oauth" || ctx.meta.via === "oauth") {
      if (ctx.meta.via !== "oauth") await ctx.accessToken();
      return `${ctx.label} is connected through its sign-in. This server does not verify ${ctx.label} connections with the service yet.`;
    }
    if (entry.auth === "none") return `${ctx.label} needs no connection.`;
    const result = v.safeParse(credentialSchemaFor(ctx.kind), ctx.credentials);
    if (!result.success) throw new ServiceError(result.issues[0].message, "refused");
    return `The ${ctx.label} credentials are complete. This server does not verify them with ${ctx.label} yet.`;
  },
};
