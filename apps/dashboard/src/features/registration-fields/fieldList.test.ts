import { describe, expect, it } from "vitest";
import type { CustomFormField } from "@cuepoint/sdk";
import { answerRows, checkFields, cleanFields, fieldNameFrom, moveField, relabel, withTemplate } from "./fieldList.js";

const field = (name: string, more: Partial<CustomFormField> = {}): CustomFormField => ({ name, label: name, type: "text", required: false, ...more });

describe("the form builder's field list", () => {
  it("suggests an answer key from the label, and follows the label until the host sets their own", () => {
    expect(fieldNameFrom("  Job title / Rôle ")).toBe("job_title_role");
    expect(relabel(field("", { label: "" }), "Company").name).toBe("company");
    expect(relabel(field("company", { label: "Company" }), "Company name").name).toBe("company_name");
    expect(relabel(field("org", { label: "Company" }), "Company name").name).toBe("org");
  });

  it("moves a field up and down within the list", () => {
    expect(moveField(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveField(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveField(["a", "b", "c"], 0, 5)).toEqual(["b", "c", "a"]);
  });

  it("cleans options one a line, and drops them from fields that are not choices", () => {
    expect(cleanFields([field("plan", { label: " Plan ", type: "radio", options: [" Starter", "", "Growth "] }), field("x", { options: ["a"] })])).toEqual([
      field("plan", { label: "Plan", type: "radio", options: ["Starter", "Growth"] }),
      field("x"),
    ]);
  });

  it("names what to fix: a label, then the SDK's rule (distinct keys, options)", () => {
    expect(checkFields([field("a"), field("", { label: "" })])).toEqual({ "1.name": "Give the field a label." });
    expect(checkFields([field("a"), field("a")])).toEqual({ "1.name": 'Two fields are named "a": give each field its own name.' });
    expect(checkFields([field("plan", { label: "Plan", type: "select", options: ["", " "] })])).toEqual({ "0.options": '"Plan": add at least one option.' });
    expect(checkFields([field("a")])).toEqual({});
  });

  it("adds a template's fields whose keys are not taken", () => {
    expect(withTemplate([field("company")], [field("company", { label: "Org" }), field("role")]).map((f) => f.label)).toEqual(["company", "role"]);
  });

  it("lists a lead's answers in the form's order under their labels, then the others under their keys", () => {
    const form = [field("terms", { label: "Terms", type: "checkbox" }), field("plan", { label: "Plan" }), field("unanswered")];
    expect(answerRows({ old: "x", plan: "Pro", terms: "false" }, form)).toEqual([
      { key: "terms", label: "Terms", value: "No" },
      { key: "plan", label: "Plan", value: "Pro" },
      { key: "old", label: "old", value: "x" },
    ]);
  });
});
