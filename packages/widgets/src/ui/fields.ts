import type { CustomFormField } from "@cuepoint/sdk";
import type { FieldValue } from "../core/registration/createRegistrationForm.js";
import type { Runtime } from "./runtime.js";

/** What one field input needs to render. */
export interface FieldView {
  field: CustomFormField;
  id: string;
  value: FieldValue | undefined;
  error: string | undefined;
  onValue(value: FieldValue): void;
  onBlur(): void;
}

const INPUT_TYPES: Record<string, string> = { email: "email", phone: "tel", number: "text" };
const AUTOCOMPLETE: Record<string, string> = { name: "name", email: "email", phone: "tel" };

/**
 * One labelled field of the registration form, with its inline error tied to it
 * (`aria-describedby`, `aria-invalid`) so screen readers read the error with the field.
 */
export function renderField(rt: Runtime, view: FieldView): unknown {
  const { h } = rt;
  const { field, id, error } = view;
  const errorId = `${id}-error`;
  const label = field.label || field.name;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? "true" : "false",
    "aria-describedby": error ? errorId : undefined,
    "aria-required": field.required || field.name === "email" ? "true" : undefined,
    // Leaving a field for the submit button: submitting checks every field anyway, and an error
    // appearing here would move the button away between mouse down and up, losing the click.
    onBlur: (event: FocusEvent) => {
      if ((event.relatedTarget as HTMLElement | null)?.getAttribute("type") !== "submit") view.onBlur();
    },
  };
  const errorLine = h("p", { id: errorId, className: "cp-error" }, error ?? "");
  if (field.type === "checkbox") {
    return h(
      "div",
      { className: "cp-field" },
      h(
        "div",
        { className: "cp-check" },
        h("input", {
          ...common,
          type: "checkbox",
          checked: view.value === true || view.value === "true",
          onChange: (event: Event) => view.onValue((event.currentTarget as HTMLInputElement).checked),
        }),
        h("label", { htmlFor: id }, label),
      ),
      errorLine,
    );
  }
  const text = (event: Event) => view.onValue((event.currentTarget as HTMLInputElement).value);
  const value = typeof view.value === "string" ? view.value : "";
  let control: unknown;
  if (field.type === "select") {
    control = h(
      "select",
      { ...common, value, onChange: text },
      h("option", { value: "" }, "Choose…"),
      ...(field.options ?? []).map((option) => h("option", { key: option, value: option }, option)),
    );
  } else {
    control = h(field.type === "textarea" ? "textarea" : "input", {
      ...common,
      ...(field.type !== "textarea" && { type: INPUT_TYPES[field.type] ?? "text" }),
      ...(field.type === "number" && { inputMode: "decimal" }),
      autoComplete: AUTOCOMPLETE[field.name],
      value,
      [rt.textInput]: text,
    });
  }
  return h(
    "div",
    { className: "cp-field" },
    h("label", { htmlFor: id }, label, field.required || field.name === "email" ? " *" : ""),
    control,
    errorLine,
  );
}
