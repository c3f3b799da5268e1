/**
 * A tag name as it is added and compared: trimmed and lower-cased (spec §5: tag names are
 * lower-cased before adding a tag), so "VIP Buyer " and "vip buyer" are the same tag.
 *
 * @example
 * normalizeTagName(" Webinar-Attended "); // "webinar-attended"
 */
export function normalizeTagName(name: string): string {
  return name.trim().toLowerCase();
}
