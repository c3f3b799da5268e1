import { LEADS_PAGE_SIZE, WEBINAR_PAGE_SIZE } from "../../constants.js";

function assertPageSize(pageSize: number): void {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`Page size must be a positive whole number (got ${pageSize}).`);
  }
}

/** A total from the API; anything not a positive finite number means no items. */
const itemsIn = (total: number) => (Number.isFinite(total) && total > 0 ? total : 0);

/**
 * The number of pages for `total` items, rounding up, so a partial last page counts.
 *
 * @example
 * pageCount(25, 12); // 3
 */
export function pageCount(total: number, pageSize: number): number {
  assertPageSize(pageSize);
  return Math.ceil(itemsIn(total) / pageSize);
}

/**
 * Pages of webinars (and of scheduled events): `ceil(total / 12)` (spec §9).
 *
 * @example
 * webinarPageCount(12); // 1
 * webinarPageCount(13); // 2
 */
export function webinarPageCount(total: number): number {
  return pageCount(total, WEBINAR_PAGE_SIZE);
}

/**
 * Pages of leads: `Math.round(total / 20)`, as spec §9 says ("rounded"), not rounded up. That is
 * the spec's arithmetic, kept on purpose, and it hides a partial last page when it holds fewer than
 * 10 leads: 21 leads → 1 page, 30 → 2 (`Math.round(1.5)`), 9 → 0, 10 → 1.
 *
 * @example
 * leadsPageCount(21); // 1
 * leadsPageCount(30); // 2
 */
export function leadsPageCount(total: number): number {
  return Math.round(itemsIn(total) / LEADS_PAGE_SIZE);
}

/** A page number from a URL or a control: whole, at least 1; anything else is page 1. */
const pageNumber = (page: number) => (Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1);

/**
 * The index of the first item on a 1-based page. Pages below 1 or not numbers are page 1;
 * fractions round down.
 *
 * @example
 * pageOffset(1, 20); // 0
 * pageOffset(3, 12); // 24
 */
export function pageOffset(page: number, pageSize: number): number {
  assertPageSize(pageSize);
  return (pageNumber(page) - 1) * pageSize;
}

/**
 * The items of a 1-based page, for lists held whole on the client. A page past the end is empty.
 *
 * @example
 * pageSlice(["a", "b", "c"], 2, 2); // ["c"]
 */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = pageOffset(page, pageSize);
  return items.slice(start, start + pageSize);
}
