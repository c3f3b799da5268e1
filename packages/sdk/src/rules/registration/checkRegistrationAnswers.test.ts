import { describe, expect, it } from "vitest";
import type { CustomFormField } from "../../schemas/timelineSetting/registration.js";
import { PHONE_MESSAGE } from "../phone/phone.js";
import { checkRegistrationAnswers, checkRegistrationField } from "./checkRegistrationAnswers.js";

const field = (name: string, more: Partial<CustomFormField> = {}): CustomFormField => ({
  name,
  label: "",
  type: "text",
  required: false,
  ...more,
});

const FORM: CustomFormField[] = [
  field("name", { label: "Name", required: true }),
  field("email", { label: "Email", type: "email", required: true }),
  field("phone", { label: "Phone", type: "phone" }),
  field("size", { label: "Team size", type: "number", required: true }),
  field("plan", { type: "select", options: ["basic", "pro"] }),
  field("terms", { label: "I accept the terms", type: "checkbox", required: true }),
  field("newsletter", { type: "checkbox" }),
  field("notes", { type: "textarea" }),
  field("day", { type: "date" }),
  field("level", { label: "Level", type: "radio", options: ["new", "seasoned"] }),
];
const valid = { name: "Ann", email: "ann@example.com", phone: "", fields: { size: 3, terms: true } };

describe("checkRegistrationAnswers", () => {
  it("answers the custom fields as text, dropping unknown and blank optional ones", () => {
    expect(checkRegistrationAnswers(FORM, { ...valid, fields: { ...valid.fields, plan: " pro ", x: "dropped", notes: " " } })).toEqual({
      ok: true,
      answers: { size: "3", plan: "pro", terms: "true", newsletter: "false" },
    });
  });

  it.each([
    [{ ...valid, name: "" }, "name", '"Name" is required.'],
    [{ ...valid, name: "a".repeat(201) }, "name", "The name can be at most 200 characters long."],
    [{ ...valid, email: "" }, "email", "Enter an email address."],
    [{ ...valid, email: "ann@example.c" }, "email", "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."],
    [{ ...valid, phone: "call me" }, "phone", PHONE_MESSAGE],
    [{ ...valid, fields: { terms: true } }, "fields.size", '"Team size" is required.'],
    [{ ...valid, fields: { size: "many", terms: true } }, "fields.size", '"Team size" must be a number.'],
    [{ ...valid, fields: { ...valid.fields, plan: "gold" } }, "fields.plan", '"plan" must be one of: basic, pro.'],
    [{ ...valid, fields: { ...valid.fields, day: "2026-04-31" } }, "fields.day", '"day" must be a date (YYYY-MM-DD).'],
    [{ ...valid, fields: { ...valid.fields, level: "expert" } }, "fields.level", '"Level" must be one of: new, seasoned.'],
    [{ ...valid, fields: { size: 3, terms: "no" } }, "fields.terms", 'Tick "I accept the terms" to register.'],
    [{ ...valid, fields: { ...valid.fields, notes: "x".repeat(2001) } }, "fields.notes", '"notes" can be at most 2000 characters long.'],
  ])("%#: refuses %j at %s", (body, at, message) => {
    expect(checkRegistrationAnswers(FORM, body)).toEqual({ ok: false, field: at, message });
  });

  it("requires the phone only when the form says so", () => {
    const form = [field("phone", { label: "Mobile", type: "phone", required: true })];
    expect(checkRegistrationAnswers(form, { phone: " " })).toEqual({ ok: false, field: "phone", message: '"Mobile" is required.' });
    expect(checkRegistrationAnswers(form, { phone: "+1 555 0101" })).toEqual({ ok: true, answers: {} });
  });
});

describe("checkRegistrationField", () => {
  it("checks custom email and phone fields with the SDK's rules", () => {
    expect(checkRegistrationField(field("work", { type: "email" }), "ann@x")).toEqual({
      ok: false,
      message: "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.",
    });
    expect(checkRegistrationField(field("mobile", { label: "Mobile", type: "phone" }), "abc")).toEqual({
      ok: false,
      message: '"Mobile": enter a phone number with digits, spaces and + ( ) - . only.',
    });
    expect(checkRegistrationField(field("mobile", { type: "phone" }), " 555 0101 ")).toEqual({ ok: true, value: "555 0101" });
  });

  it("takes a radio answer only from its options", () => {
    const plan = field("plan", { label: "Plan", type: "radio", options: ["Basic", "Pro"], required: true });
    expect(checkRegistrationField(plan, " Pro ")).toEqual({ ok: true, value: "Pro" });
    expect(checkRegistrationField(plan, "pro")).toEqual({ ok: false, message: '"Plan" must be one of: Basic, Pro.' });
    expect(checkRegistrationField(plan, "")).toEqual({ ok: false, message: '"Plan" is required.' });
  });

  it("takes a date as a real YYYY-MM-DD day", () => {
    const born = field("start", { label: "Start date", type: "date" });
    expect(checkRegistrationField(born, "2026-02-28")).toEqual({ ok: true, value: "2026-02-28" });
    expect(checkRegistrationField(born, "2028-02-29")).toEqual({ ok: true, value: "2028-02-29" });
    for (const wrong of ["2026-02-29", "2026-13-01", "28/02/2026", "2026-2-3", "tomorrow"]) {
      expect(checkRegistrationField(born, wrong)).toEqual({ ok: false, message: '"Start date" must be a date (YYYY-MM-DD).' });
    }
    expect(checkRegistrationField(born, "")).toEqual({ ok: true, value: "" });
  });

  it("reads checkbox spellings", () => {
    for (const on of [true, "true", "1", "on"]) expect(checkRegistrationField(field("c", { type: "checkbox" }), on)).toEqual({ ok: true, value: "true" });
    for (const off of [false, undefined, "", "off"]) expect(checkRegistrationField(field("c", { type: "checkbox" }), off)).toEqual({ ok: true, value: "false" });
  });
});
