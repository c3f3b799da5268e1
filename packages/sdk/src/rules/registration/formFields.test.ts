import { describe, expect, it } from "vitest";
import { registrationFormFields } from "./formFields.js";

const names = (fields: { name: string }[]) => fields.map((field) => field.name);

describe("registrationFormFields", () => {
  it("is name, email and phone when custom fields are off (even if some are listed)", () => {
    const fields = registrationFormFields({
      customeEnable: false,
      customForms: [{ name: "company", label: "Company", type: "text", required: true }],
    });
    expect(fields).toEqual([
      { name: "name", label: "Name", type: "text", required: true },
      { name: "email", label: "Email", type: "email", required: true },
      { name: "phone", label: "Phone", type: "phone", required: false },
    ]);
  });

  it("adds the custom fields after the built-in ones, in their order", () => {
    const fields = registrationFormFields({
      customeEnable: true,
      customForms: [
        { name: "company", label: "Company", type: "text", required: true },
        { name: "size", label: "Team size", type: "number", required: false },
      ],
    });
    expect(names(fields)).toEqual(["name", "email", "phone", "company", "size"]);
    expect(fields[3]).toEqual({ name: "company", label: "Company", type: "text", required: true });
  });

  it("lets a custom field named like a built-in one relabel it and set required, never dropping email's", () => {
    const fields = registrationFormFields({
      customeEnable: true,
      customForms: [
        { name: "phone", label: "Mobile", type: "text", required: true },
        { name: "email", label: "Work email", type: "text", required: false },
        { name: "name", label: "", type: "text", required: false },
      ],
    });
    expect(names(fields)).toEqual(["name", "email", "phone"]);
    // The built-in type stays; an empty label keeps the built-in label.
    expect(fields).toEqual([
      { name: "name", label: "Name", type: "text", required: false },
      { name: "email", label: "Work email", type: "email", required: true },
      { name: "phone", label: "Mobile", type: "phone", required: true },
    ]);
  });
});
