import { DELIVERY_PLATFORMS, OWN_PLATFORM, type DeliveryPlatform } from "../../constants.js";

/**
 * The integration type (upper case, as `integration.type`) whose link shows each delivery
 * platform. `aevent` needs none: it is Cuepoint's own platform and always shown (spec §9).
 *
 * `vsl` is linked to nothing, so this rule never shows it. The spec says platforms are "shown by
 * linked integrations, and aevent is always shown": it names only aevent as the exception, and no
 * integration kind corresponds to vsl, so nothing justifies always showing it. If the product
 * decides otherwise, add it to {@link ALWAYS_SHOWN_PLATFORMS}.
 */
export const PLATFORM_INTEGRATION_TYPES = {
  gotowebinar: "GOTOWEBINAR",
  zoom: "ZOOM",
  youtube: "YOUTUBE",
} as const satisfies Partial<Record<DeliveryPlatform, string>>;

/** Platforms shown whatever is linked. */
export const ALWAYS_SHOWN_PLATFORMS: readonly DeliveryPlatform[] = [OWN_PLATFORM];

/**
 * The delivery platforms to offer, in {@link DELIVERY_PLATFORMS} order: those whose integration is
 * linked, plus aevent always. Integration types are compared case-insensitively.
 *
 * @example
 * visibleDeliveryPlatforms(["ZOOM", "MAILCHIMP"]); // ["zoom", "aevent"]
 * visibleDeliveryPlatforms([]); // ["aevent"]
 */
export function visibleDeliveryPlatforms(linkedIntegrationTypes: readonly string[]): DeliveryPlatform[] {
  const linked = new Set(linkedIntegrationTypes.map((type) => type.toUpperCase()));
  return DELIVERY_PLATFORMS.filter((platform) => {
    if (ALWAYS_SHOWN_PLATFORMS.includes(platform)) return true;
    const type: string | undefined = (PLATFORM_INTEGRATION_TYPES as Partial<Record<DeliveryPlatform, string>>)[platform];
    return type !== undefined && linked.has(type);
  });
}
