import type { Dispatch, SetStateAction } from "react";
import type { IntegrationEntry } from "@cuepoint/sdk";
import { Select, TextField } from "../../ui/Field.js";

const inputType = (field: IntegrationEntry["credentials"][number]): string =>
  field.secret ? "password" : field.format === "port" ? "number" : field.format === "email" ? "email" : "text";

/**
 * A kind's credential fields from the SDK's catalogue: a select where the field has options, else
 * a text field typed for its format (password for secrets, never autofilled). The one form of
 * both adding an integration and editing a saved one's credentials; `masked` is set when editing,
 * where the server answers secrets masked and leaving them keeps the stored value.
 */
export function CredentialFields({
  entry,
  form,
  setForm,
  errors,
  masked = false,
}: {
  entry: IntegrationEntry;
  form: Record<string, string>;
  setForm: Dispatch<SetStateAction<Record<string, string>>>;
  errors: Record<string, string | undefined>;
  masked?: boolean;
}) {
  const set = (name: string, value: string) => setForm((f) => ({ ...f, [name]: value }));
  return entry.credentials.map((field) =>
    field.options ? (
      <Select
        key={field.name}
        label={field.label}
        value={form[field.name] ?? ""}
        onChange={(e) => set(field.name, e.target.value)}
        options={field.options}
        error={errors[field.name]}
      />
    ) : (
      <TextField
        key={field.name}
        label={field.required ? field.label : `${field.label} (optional)`}
        name={field.name}
        type={inputType(field)}
        autoComplete={field.secret ? "new-password" : "off"}
        placeholder={masked ? undefined : field.placeholder}
        hint={masked && field.secret ? "Shown masked; leave it to keep the stored value." : field.hint}
        value={form[field.name] ?? ""}
        onChange={(e) => set(field.name, e.target.value)}
        error={errors[field.name]}
      />
    ),
  );
}
