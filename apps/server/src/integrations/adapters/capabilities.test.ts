import { describe, expect, it } from "vitest";
import { hasServiceLists, INTEGRATION_KINDS } from "@cuepoint/sdk";
import { adapterFor } from "./index.js";

describe("the catalogue's capabilities match the adapters", () => {
  // The dashboard reads `lists` from the SDK's catalogue to decide whether to call
  // `/{kind}/getlists` at all, so it must say exactly which adapters implement `lists`.
  it.each(INTEGRATION_KINDS)("%s: `lists` in the catalogue if and only if its adapter reads lists", (kind) => {
    expect(hasServiceLists(kind)).toBe(typeof adapterFor(kind).lists === "function");
  });
});
