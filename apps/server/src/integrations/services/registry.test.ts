import { describe, expect, it } from "vitest";
import { hasServiceLists, INTEGRATION_KINDS } from "@cuepoint/sdk";
import { serviceFor, SERVICES } from "./index.js";

describe("the service registry", () => {
  // The dashboard reads `lists` from the SDK's catalogue to decide whether to call
  // `/{kind}/getlists` at all, so it must say exactly which services implement `lists`.
  it.each(INTEGRATION_KINDS)("%s: `lists` in the catalogue if and only if its service reads lists", (kind) => {
    expect(hasServiceLists(kind)).toBe(typeof serviceFor(kind).lists === "function");
  });

  it("has one service per kind", () => {
    const kinds = SERVICES.flatMap((service) => service.kinds);
    expect(kinds.filter((kind, i) => kinds.indexOf(kind) !== i)).toEqual([]);
  });

  it("backs each kind by its own service, the rest by the generic check with no actions", () => {
    expect(serviceFor("ZAPIER")).toBe(serviceFor("WEBHOOK"));
    const unregistered = INTEGRATION_KINDS.filter((kind) => !SERVICES.some((service) => service.kinds.includes(kind)));
    for (const kind of unregistered) expect(serviceFor(kind).actions).toEqual({});
  });
});
