import { DELIVERY_PLATFORMS, OWN_PLATFORM, type DeliveryPlatform } from "../../constants.js";

/**
 * The integration type (upper case, as `integration.type`) whose link shows each delivery
 * platform. `aevent` needs none: it is Cuepoint's own platform and always shown (spec §9).
 *
 * `vsl` is linked to no integration either: a video sales letter plays in Cuepoint's own room (the
 * room's `platform` is `aevent` or `vsl`), so it is always shown too. The spec names only aevent as
 * always shown, but with no integration kind for vsl, that reading left hosts unable to pick a
 * platform the spec lists (issue 16, item 7: "vsl can be picked as a delivery platform").
 */
export const PLATFORM_INTEGRATION_TYPES = {
  gotowebinar: "GOTOWEBINAR",
  zoom: "ZOOM",
  youtube: "YOUTUBE",
} as const satisfies Partial<Record<DeliveryPlatform, string>>;

/** Platforms shown whatever is linked: the own platform and the video sales letter it plays. */
export const ALWAYS_SHOWN_PLATFORMS: readonly DeliveryPlatform[] = [OWN_PLATFORM, "vsl"];

/**
 * The delivery platforms to offer, in {@link DELIVERY_PLATFORMS} order: those whose integration is
 * linked, plus aevent and vsl always. Integration types are compared case-insensitively.
 *
 * @example
 * visibleDeliveryPlatforms(["ZOOM", "MAILCHIMP"]); // ["zoom", "aevent", "vsl"]
 * visibleDeliveryPlatforms([]); // ["aevent", "vsl"]
 */
export function visibleDeliveryPlatforms(linkedIntegrationTypes: readonly string[]): DeliveryPlatform[] {
  const linked = new Set(linkedIntegrationTypes.map((type) => type.toUpperCase()));
  return DELIVERY_PLATFORMS.filter((platform) => {
    if (ALWAYS_SHOWN_PLATFORMS.includes(platform)) return true;
    const type: string | undefined = (PLATFORM_INTEGRATION_TYPES as Partial<Record<DeliveryPlatform, string>>)[platform];
    return type !== undefined && linked.has(type);
  });
}
