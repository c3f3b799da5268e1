/**
 * The items whose second has come (`offsetSeconds <= positionSeconds`), in time order (by
 * `offsetSeconds`; items of the same second keep their given order). Items placed before the start
 * (negative offsets, allowed on the own platform) are due from the start on. A new array: the input
 * is left as it is.
 *
 * @example
 * itemsDueAt([{ id: "b", offsetSeconds: 90 }, { id: "a", offsetSeconds: 30 }, { id: "c", offsetSeconds: 600 }], 90);
 * // [{ id: "a", offsetSeconds: 30 }, { id: "b", offsetSeconds: 90 }]
 */
export function itemsDueAt<T extends { offsetSeconds: number }>(items: readonly T[], positionSeconds: number): T[] {
  return items.filter((item) => item.offsetSeconds <= positionSeconds).sort((a, b) => a.offsetSeconds - b.offsetSeconds);
}
