import * as v from "valibot";
import { credentialSchemaFor } from "@cuepoint/sdk";
import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter, ServiceContext } from "../types.js";

/**
 * The check of a kind this server cannot ask: the credential form is checked (a missing or
 * malformed field is refused in the SDK rule's words), then the check says plainly that nothing
 * was asked — refused, so the integration is never marked connected on the form's completeness.
 * `why(ctx)` says what cannot be asked and why.
 *
 * @example
 * notAskable((ctx) => `${ctx.label} publishes no API this server can ask.`);
 */
/* @__NO_SIDE_EFFECTS__ */
export function notAskable(why: (ctx: ServiceContext) => string): IntegrationAdapter {
  return {
    async check(ctx) {
      const form = v.safeParse(credentialSchemaFor(ctx.kind), ctx.credentials);
      if (!form.success) throw new ServiceError(form.issues[0].message, "refused");
      throw new ServiceError(`${why(ctx)} The settings are stored as typed; they were not checked, so this integration is not marked connected.`, "refused");
    },
  };
}

/** WEBINAR and OBVIO: no public API reference to check their credentials against (catalogue/live.ts). */
export const unpublishedApi = notAskable(
  (ctx) => `${ctx.label} cannot be asked: it publishes no API reference this server could check the credentials against.`,
);
