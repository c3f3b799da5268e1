import type { CustomFormField } from "@cuepoint/sdk";
import type { FieldValue, RegistrationFormCore } from "../core/registration/createRegistrationForm.js";
import type { Runtime } from "./runtime.js";

/**
 * A built-in field's `autocomplete` by its name, and an input's `type` by its field type: `email`
 * and `phone` are both names and types (no field type is `name`; the other types, number too, are
 * "text"). One table for both keeps embed.js small.
 */
const INPUT_KINDS: Record<string, string> = { name: "name", email: "email", phone: "tel" };

/**
 * One labelled field of the registration form `core`, as its signals say now (read while the form
 * renders), with its inline error tied to it (`aria-describedby`, `aria-invalid`) so screen readers
 * read the error with the field; `id` is the input's.
 */
export function renderField(rt: Runtime, core: RegistrationFormCore, field: CustomFormField, id: string): unknown {
  const { h } = rt;
  const error = core.errors.value[field.name];
  const current = core.values.value[field.name];
  const onValue = (value: FieldValue) => core.setValue(field.name, value);
  const errorId = `${id}-error`;
  const label = field.label || field.name;
  const required = field.required || field.name === "email";
  const common = {
    id,
    name: field.name,
    "aria-invalid": !!error,
    "aria-describedby": error && errorId,
    "aria-required": required,
    // Leaving a field for the submit button: submitting checks every field anyway, and an error
    // appearing here would move the button away between mouse down and up, losing the click.
    onBlur: (event: FocusEvent) => {
      if ((event.relatedTarget as HTMLElement | null)?.getAttribute("type") !== "submit") core.touch(field.name);
    },
  };
  const text = (event: Event) => onValue((event.currentTarget as HTMLInputElement).value);
  const value = typeof current === "string" ? current : "";
  const checkbox = field.type === "checkbox";
  if (field.type === "radio") {
    // A group: the legend names it (with " *"), each button its option, the error the group.
    return h(
      "fieldset",
      // A radiogroup (not a bare group) so that aria-required is allowed on it.
      { className: "cp-field", role: "radiogroup", "aria-describedby": error && errorId, "aria-invalid": !!error, "aria-required": required },
      h("legend", null, label, required && " *"),
      ...(field.options ?? []).map((option, index) =>
        h(
          "div",
          { key: option, className: "cp-check" },
          h("input", {
            ...common,
            id: `${id}-${index}`,
            name: id, // one group per form, even with two forms on a page
            "aria-describedby": undefined,
            "aria-invalid": undefined,
            "aria-required": undefined,
            type: "radio",
            value: option,
            checked: value === option,
            onChange: () => onValue(option),
          }),
          h("label", { htmlFor: `${id}-${index}` }, option),
        ),
      ),
      h("p", { id: errorId, className: "cp-error" }, error),
    );
  }
  let control: unknown;
  if (checkbox) {
    // The box, then its label on the same line (and no " *": ticking it is the answer).
    control = h(
      "div",
      { className: "cp-check" },
      h("input", {
        ...common,
        type: "checkbox",
        checked: current === true || current === "true",
        onChange: (event: Event) => onValue((event.currentTarget as HTMLInputElement).checked),
      }),
      h("label", { htmlFor: id }, label),
    );
  } else if (field.type === "select") {
    control = h(
      "select",
      { ...common, value, onChange: text },
      h("option", { value: "" }, "Choose…"),
      ...(field.options ?? []).map((option) => h("option", { key: option, value: option }, option)),
    );
  } else {
    control = h(field.type === "textarea" ? "textarea" : "input", {
      ...common,
      ...(field.type !== "textarea" && { type: field.type === "date" ? "date" : (INPUT_KINDS[field.type] ?? "text") }),
      ...(field.type === "number" && { inputMode: "decimal" }),
      autoComplete: INPUT_KINDS[field.name],
      value,
      [rt.textInput]: text,
    });
  }
  return h(
    "div",
    { className: "cp-field" },
    !checkbox && h("label", { htmlFor: id }, label, required && " *"),
    control,
    h("p", { id: errorId, className: "cp-error" }, error),
  );
}
