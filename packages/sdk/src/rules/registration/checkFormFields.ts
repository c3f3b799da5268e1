import type { CustomFormField } from "../../schemas/timelineSetting/registration.js";

/** The field types whose answer is one of the field's `options` (a drop-down list, radio buttons). */
export const CHOICE_FIELD_TYPES: readonly CustomFormField["type"][] = ["select", "radio"];

/** The first thing to fix in a list of custom fields, at `index` (its `key`: name or options). */
export interface FormFieldsProblem {
  readonly index: number;
  readonly key: "name" | "options";
  readonly message: string;
}

/**
 * Checks the custom fields of a registration form as a host built them (a form template's
 * `fields`, a timeline's `registration.customForms`): each field has its own `name` (answers are
 * stored by name, so two alike would overwrite each other), and a select or radio field offers at
 * least one option, each option once and none blank. `undefined` when the list is fine. The form
 * and setting schemas report the problem at `N.name` / `N.options`; the dashboard's form builder
 * shows it beside the field.
 *
 * @example
 * checkFormFields([{ name: "plan", label: "Plan", type: "radio", required: true, options: [] }]);
 * // { index: 0, key: "options", message: '"Plan": add at least one option.' }
 */
export function checkFormFields(fields: readonly CustomFormField[]): FormFieldsProblem | undefined {
  const seen = new Set<string>();
  for (const [index, field] of fields.entries()) {
    if (seen.has(field.name)) {
      return { index, key: "name", message: `Two fields are named "${field.name}": give each field its own name.` };
    }
    seen.add(field.name);
    if (!CHOICE_FIELD_TYPES.includes(field.type)) continue;
    const label = field.label || field.name;
    const options = field.options ?? [];
    if (options.length === 0) return { index, key: "options", message: `"${label}": add at least one option.` };
    if (options.some((option) => option.trim() === "")) return { index, key: "options", message: `"${label}": an option is blank.` };
    const twice = options.find((option, at) => options.indexOf(option) !== at);
    if (twice !== undefined) return { index, key: "options", message: `"${label}" lists the option "${twice}" twice.` };
  }
  return undefined;
}
