import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FormRequestSchema } from "../../schemas/requests/forms.js";
import { RegistrationSettingSchema, type CustomFormField } from "../../schemas/timelineSetting/registration.js";
import { checkFormFields } from "./checkFormFields.js";

const field = (name: string, more: Partial<CustomFormField> = {}): CustomFormField => ({ name, label: "", type: "text", required: false, ...more });

describe("checkFormFields", () => {
  it("takes distinct fields, and choice fields with their options", () => {
    expect(checkFormFields([field("company"), field("plan", { type: "radio", options: ["basic", "pro"] }), field("size", { type: "select", options: ["1-10"] })])).toBeUndefined();
    expect(checkFormFields([])).toBeUndefined();
  });

  it.each([
    [[field("company"), field("company")], { index: 1, key: "name", message: 'Two fields are named "company": give each field its own name.' }],
    [[field("plan", { label: "Plan", type: "radio" })], { index: 0, key: "options", message: '"Plan": add at least one option.' }],
    [[field("plan", { type: "select", options: [] })], { index: 0, key: "options", message: '"plan": add at least one option.' }],
    [[field("a"), field("plan", { label: "Plan", type: "select", options: ["x", " "] })], { index: 1, key: "options", message: '"Plan": an option is blank.' }],
    [[field("plan", { label: "Plan", type: "radio", options: ["x", "y", "x"] })], { index: 0, key: "options", message: '"Plan" lists the option "x" twice.' }],
  ])("%#: names the first problem", (fields, problem) => {
    expect(checkFormFields(fields)).toEqual(problem);
  });

  it("leaves options alone on fields that are not choices", () => {
    expect(checkFormFields([field("notes", { type: "textarea", options: [] })])).toBeUndefined();
  });
});

describe("the schemas that use it", () => {
  const pathOf = (result: v.SafeParseResult<v.GenericSchema>) => result.issues && v.getDotPath(result.issues[0]);

  it("reports a form template's problem at fields.N.key", () => {
    const result = v.safeParse(FormRequestSchema, { name: "Leads", fields: [{ name: "plan", type: "radio", options: [] }] });
    expect(pathOf(result)).toBe("fields.0.options");
    expect(result.issues?.[0].message).toBe('"plan": add at least one option.');
  });

  it("reports a timeline's problem at customForms.N.key", () => {
    const result = v.safeParse(RegistrationSettingSchema, { customForms: [{ name: "a" }, { name: "a" }] });
    expect(pathOf(result)).toBe("customForms.1.name");
  });
});
