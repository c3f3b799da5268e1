import { actionsFor, checkActionFields } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { listChoices, needsServiceLists, scopedLists, serviceListsOf } from "./serviceLists.js";
import type { ActionSource } from "./actionDraft.js";

const addTag = actionsFor("MAILCHIMP").find((a) => a.key === "addTag");
const [audience, tag] = addTag?.fields ?? [];
const lists = serviceListsOf({
  lists: [{ id: "a1", name: "Newsletter" }, { id: "a2", name: "Buyers" }],
  tags: [{ id: "7", name: "vip", listID: "a1" }, { id: "8", name: "lead", listID: "a2" }],
});
const source = (kind: "MAILCHIMP" | "WEBHOOK" | "DROPCOWBOY", integrationID = "5"): ActionSource => ({ value: integrationID, label: kind, kind, integrationID, actions: actionsFor(kind) });

describe("service lists in the action form", () => {
  it("are needed for an integration whose actions pick from them, not for the live room or a webhook", () => {
    expect(needsServiceLists(source("MAILCHIMP"))).toBe(true);
    expect(needsServiceLists(source("WEBHOOK"))).toBe(false);
    // Drop Cowboy's ringless voicemail picks one of the team's brands, which the server reads.
    expect(actionsFor("DROPCOWBOY").find((a) => a.key === "sendRvm")?.fields.find((f) => f.list === "brands")).toBeDefined();
    expect(needsServiceLists(source("DROPCOWBOY"))).toBe(true);
    expect(needsServiceLists({ ...source("MAILCHIMP", ""), value: "live" })).toBe(false);
    expect(needsServiceLists(undefined)).toBe(false);
  });

  it("reads a bare list as the lists", () => {
    expect(serviceListsOf([{ id: "1", name: "News" }])).toEqual({ lists: [{ id: "1", name: "News" }] });
  });

  it("offers ids, or names for fields matched by name, scoped to the chosen audience", () => {
    if (!audience || !tag) throw new Error("Mailchimp addTag changed");
    expect(listChoices(audience, lists, {}, "")).toEqual([{ value: "a1", label: "Newsletter" }, { value: "a2", label: "Buyers" }]);
    expect(listChoices(tag, lists, { listName: "a1" }, "")).toEqual([{ value: "vip", label: "vip" }]);
    expect(listChoices(tag, lists, {}, "")).toHaveLength(2);
  });

  it("keeps a value that is not in the list, marked, and the rule refuses it with the scoped caches", () => {
    if (!tag) throw new Error("Mailchimp addTag changed");
    const model = { listName: "a2", tagName: "vip" };
    expect(listChoices(tag, lists, model, "vip")[0]).toEqual({ value: "vip", label: "vip (not in the list)" });
    expect(checkActionFields({ kind: "MAILCHIMP", action: "addTag", model, lists: scopedLists(lists, model) })).toMatchObject({
      ok: false,
      field: "tagName",
      message: "Pick a tag that exists in this Mailchimp account",
    });
    expect(checkActionFields({ kind: "MAILCHIMP", action: "addTag", model: { ...model, listName: "a1" }, lists: scopedLists(lists, { listName: "a1" }) })).toEqual({ ok: true });
  });
});
