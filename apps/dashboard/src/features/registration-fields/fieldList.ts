import { CHOICE_FIELD_TYPES, checkFormFields, type CustomFormField, type TemplateForm } from "@cuepoint/sdk";

/** The field types a host picks from, in the order the builder lists them, with their names. */
export const FIELD_TYPES: ReadonlyArray<{ value: CustomFormField["type"]; label: string }> = [
  { value: "text", label: "Short text" },
  { value: "textarea", label: "Long text" },
  { value: "email", label: "Email address" },
  { value: "phone", label: "Phone number" },
  { value: "number", label: "Number" },
  { value: "date", label: "Date" },
  { value: "select", label: "Drop-down list" },
  { value: "radio", label: "Choice buttons (pick one)" },
  { value: "checkbox", label: "Checkbox (tick to agree)" },
  { value: "hidden", label: "Hidden value" },
];

/** Whether the field's answer is one of its options (a drop-down list or choice buttons). */
export const isChoice = (field: Pick<CustomFormField, "type">): boolean => CHOICE_FIELD_TYPES.includes(field.type);

/** A type's name as the builder shows it. @example typeLabel("radio") // "Choice buttons (pick one)" */
export const typeLabel = (type: CustomFormField["type"]): string => FIELD_TYPES.find((t) => t.value === type)?.label ?? type;

/**
 * The answer key a label suggests: lower case letters, digits and `_` (the CSV column and the
 * key the answer is stored under).
 *
 * @example
 * fieldNameFrom("Job title / role"); // "job_title_role"
 */
export function fieldNameFrom(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
}

/**
 * The field with a new label; its answer key follows the label while the host has not set one
 * of their own (empty, or still the one the old label suggested).
 *
 * @example
 * relabel({ name: "company", label: "Company", type: "text", required: false }, "Company name").name; // "company_name"
 */
export function relabel(field: CustomFormField, label: string): CustomFormField {
  const follows = field.name === "" || field.name === fieldNameFrom(field.label);
  return { ...field, label, ...(follows && { name: fieldNameFrom(label) }) };
}

/** The list with the field at `from` moved to `to` (both kept within the list). */
export function moveField<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(target, 0, moved);
  return next;
}

/**
 * The fields as they are saved: labels and keys trimmed, a choice field's options trimmed with
 * blank lines left out (the builder edits them one a line), other fields without options.
 */
export function cleanFields(fields: readonly CustomFormField[]): CustomFormField[] {
  return fields.map(({ options, ...field }) => ({
    ...field,
    name: field.name.trim(),
    label: field.label.trim(),
    ...(isChoice(field) && { options: (options ?? []).map((o) => o.trim()).filter(Boolean) }),
  }));
}

/** Errors by `N.name` / `N.options` (the API's `fields.N.…` without its prefix). */
export type FieldErrors = Record<string, string | undefined>;

/**
 * What the host must fix before saving, the SDK's rule (`checkFormFields`) after the builder's
 * own: every field has a label and an answer key.
 *
 * @example
 * checkFields([{ name: "", label: "", type: "text", required: false }]); // { "0.name": "Give the field a label." }
 */
export function checkFields(fields: readonly CustomFormField[]): FieldErrors {
  const clean = cleanFields(fields);
  const nameless = clean.findIndex((field) => !field.name);
  if (nameless >= 0) return { [`${nameless}.name`]: clean[nameless]?.label ? "Give the field an answer key." : "Give the field a label." };
  const problem = checkFormFields(clean);
  return problem ? { [`${problem.index}.${problem.key}`]: problem.message } : {};
}

/**
 * A form template's fields added after the ones already there; a field whose key is taken is
 * left out (the timeline keeps its own).
 *
 * @example
 * withTemplate([company], [company, role]); // [company, role]
 */
export function withTemplate(fields: readonly CustomFormField[], template: readonly CustomFormField[]): CustomFormField[] {
  const taken = new Set(fields.map((f) => f.name));
  return [...fields, ...template.filter((f) => !taken.has(f.name))];
}

/** A choice field's options as typed one a line: trimmed, blank lines left out. @example optionLines(" a\n\nb ") // ["a", "b"] */
export const optionLines = (text: string): string[] => text.split("\n").map((line) => line.trim()).filter(Boolean);

/** A form template's fields (the wire types them loosely: entries without a name are left out). */
export const templateFields = (form: TemplateForm): CustomFormField[] =>
  (form.fields ?? []).filter((f): f is CustomFormField => typeof f === "object" && f !== null && typeof (f as { name?: unknown }).name === "string");

/**
 * A lead's answers as the lead's screen lists them: in the form's order under the field's label
 * (a ticked box as "Yes", an unticked one as "No"), then answers to fields the form no longer
 * has, under their key.
 *
 * @example
 * answerRows({ plan: "Pro", terms: "true" }, [{ name: "terms", label: "Terms", type: "checkbox", required: true }]);
 * // [{ key: "terms", label: "Terms", value: "Yes" }, { key: "plan", label: "plan", value: "Pro" }]
 */
export function answerRows(answers: Readonly<Record<string, string>>, fields: readonly CustomFormField[]): { key: string; label: string; value: string }[] {
  const known = fields
    .filter((field) => field.name in answers)
    .map((field) => {
      const value = answers[field.name] ?? "";
      return { key: field.name, label: field.label || field.name, value: field.type === "checkbox" ? (value === "true" ? "Yes" : "No") : value };
    });
  const names = new Set(fields.map((field) => field.name));
  const other = Object.entries(answers).filter(([key]) => !names.has(key)).map(([key, value]) => ({ key, label: key, value }));
  return [...known, ...other];
}
