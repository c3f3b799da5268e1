import { checkJoinDomain, type JoinDomain } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";

/**
 * Refuses a timeline save that sets `general.joinDomain` to anything but "" or a listed domain
 * (SDK `checkJoinDomain`): 400 on `field` with the rule's message. Only a changed value is
 * judged, so a timeline whose domain the operator has since removed (its links already fall back
 * to the own address) can still have its other settings saved.
 *
 * @example
 * assertJoinDomain(deps.config.joinDomains, current.setting.general.joinDomain, setting.general.joinDomain, "blocks.general.joinDomain");
 */
export function assertJoinDomain(domains: readonly JoinDomain[], before: string | undefined, after: string, field: string): void {
  if (before !== undefined && after.trim().toLowerCase() === before.trim().toLowerCase()) return;
  const result = checkJoinDomain(after, domains);
  if (!result.ok) throw badRequest(result.message, field);
}
