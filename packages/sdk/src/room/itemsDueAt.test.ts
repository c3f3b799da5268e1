import { describe, expect, it } from "vitest";
import { itemsDueAt } from "./itemsDueAt.js";

const items = [
  { id: "cta", offsetSeconds: 600 },
  { id: "b", offsetSeconds: 90 },
  { id: "early", offsetSeconds: -120 },
  { id: "a", offsetSeconds: 30 },
  { id: "b2", offsetSeconds: 90 },
];

describe("itemsDueAt", () => {
  it("lists the items whose second has come, in time order, ties in their given order", () => {
    expect(itemsDueAt(items, 90).map((item) => item.id)).toEqual(["early", "a", "b", "b2"]);
  });

  it("includes an item at exactly its second and not a moment before", () => {
    expect(itemsDueAt(items, 599.999).map((item) => item.id)).not.toContain("cta");
    expect(itemsDueAt(items, 600).map((item) => item.id)).toContain("cta");
  });

  it("has items placed before the start due from the start on", () => {
    expect(itemsDueAt(items, 0).map((item) => item.id)).toEqual(["early"]);
  });

  it("gives nothing for a position that is not a number, and leaves the input as it was", () => {
    expect(itemsDueAt(items, Number.NaN)).toEqual([]);
    itemsDueAt(items, 1000);
    expect(items.map((item) => item.id)).toEqual(["cta", "b", "early", "a", "b2"]);
  });
});
