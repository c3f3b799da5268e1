import { describe, expect, it } from "vitest";
import { hasServiceLists, INTEGRATION_KINDS, RUNNING_ACTIONS, type IntegrationKind } from "@cuepoint/sdk";
import { executorFor, registeredExecutors, runsOnEngine, serviceFor, SERVICES } from "./index.js";

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

describe("running actions (the SDK's running.ts) and the registry's executors", () => {
  const running = Object.entries(RUNNING_ACTIONS).flatMap(([kind, actions = []]) =>
    actions.map((action) => ({ kind: kind as IntegrationKind, action })),
  );

  it("has an executor for every running (kind, action), or leaves it to the engine's own", () => {
    const carried = ({ kind, action }: { kind: IntegrationKind; action: string }) => executorFor(kind, action) || runsOnEngine(kind, action);
    expect(running.filter((pair) => !carried(pair)).map(({ kind, action }) => `${kind}:${action}`)).toEqual([]);
  });

  it("lists every executor of the registry as running", () => {
    const listed = new Set(running.map(({ kind, action }) => `${kind}:${action}`));
    expect(registeredExecutors().map(({ kind, action }) => `${kind}:${action}`).filter((pair) => !listed.has(pair))).toEqual([]);
  });
});
