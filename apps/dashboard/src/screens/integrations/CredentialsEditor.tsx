import { useState, type FormEvent } from "react";
import { getIntegrationKind, type Integration } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { formErrorsFrom } from "../../lib/formErrors.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { FormError } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";
import { checkCredentials } from "./credentialForm.js";
import { CredentialFields } from "./CredentialFields.js";

/** Saves changed credential fields (`POST /integration/update`); the saved integration. */
export type SaveCredentials = (integrationID: string, fields: Record<string, string | number>) => Promise<Integration>;

const saveThroughServer: SaveCredentials = async (integrationID, fields) =>
  (await client.integrations.update(integrationID, fields)).success;

/** Whether a saved integration has a credential form a host can edit (not the OAuth kinds). */
export const hasEditableCredentials = (integration: Integration): boolean => {
  const entry = getIntegrationKind(integration.type);
  return entry !== undefined && entry.auth !== "oauth" && entry.credentials.length > 0;
};

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * The integration's credential form, filled with what the server answers (secrets masked as
 * `••••1234`: left as they are, they stay unchanged), checked with the SDK's rules; Save sends only
 * the fields the host changed. Changed credentials leave the integration not connected until its
 * next test, which the screen's Test button runs.
 */
export function CredentialsEditor({
  integration,
  onChange,
  save = saveThroughServer,
}: {
  integration: Integration;
  onChange: (next: Integration) => void;
  save?: SaveCredentials;
}) {
  const entry = getIntegrationKind(integration.type);
  const initial = Object.fromEntries((entry?.credentials ?? []).map((f) => [f.name, text((integration as Record<string, unknown>)[f.name])]));
  const [form, setForm] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!entry) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const result = checkCredentials(entry.type, form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const changed = Object.fromEntries(Object.entries(result.values).filter(([name, value]) => String(value) !== initial[name]));
    if (Object.keys(changed).length === 0) {
      setFormError("Nothing changed: type the new values first.");
      return;
    }
    setBusy(true);
    try {
      const next = await save(integration.integrationid, changed);
      onChange(next);
      void refreshSessionData("integrations");
      toast.success("Credentials saved", { body: "Test the connection to check them with the service." });
    } catch (error) {
      const found = formErrorsFrom(error);
      setErrors(Object.fromEntries(Object.entries(found.fields).map(([k, m]) => [k.replace(/^blocks\./, ""), m])));
      setFormError(found.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="credentials-heading">
      <h2 id="credentials-heading" style={{ margin: 0 }}>Credentials</h2>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label={`${entry.label} credentials`}>
        {formError && <FormError>{formError}</FormError>}
        <CredentialFields entry={entry} form={form} setForm={setForm} errors={errors} masked />
        <div className="row">
          <Button variant="primary" type="submit" busy={busy}>
            Save credentials
          </Button>
        </div>
      </form>
    </section>
  );
}
