import { useState, type FormEvent } from "react";
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_EXPIRY_DAYS } from "@cuepoint/sdk";
import { Link } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { formErrorsFrom, type FormErrors } from "../../lib/formErrors.js";
import { Button } from "../../ui/Button.js";
import { Checkbox, FormError, Select, TextField } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { toast } from "../../ui/Toasts.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_OPTIONS = [
  ...TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` })),
  { value: "custom", label: "Custom date…" },
  { value: "never", label: "No expiration" },
];

/** The `expires_at` of a choice: days from now, the end of a chosen local day, or null (never). */
function expiresAt(choice: string, customDate: string): string | null {
  if (choice === "never") return null;
  if (choice === "custom") return customDate ? new Date(`${customDate}T23:59:59`).toISOString() : "";
  return new Date(Date.now() + Number(choice) * DAY_MS).toISOString();
}

/**
 * A new personal access token: a name, scopes (`GET /oauth/scopes`) and an expiry (GitHub style:
 * 7/30/60/90 days, a custom date, or none with a warning). The plain token is shown once, right
 * after creation; the server keeps only its hash.
 */
export function NewTokenPanel() {
  const scopes = useQuery(() => client.tokens.scopes(), []);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [expiry, setExpiry] = useState(String(DEFAULT_TOKEN_EXPIRY_DAYS));
  const [customDate, setCustomDate] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; accessToken: string }>();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (expiry === "custom" && !customDate) return setErrors({ fields: { expires_at: "Choose the day the token expires." } });
    setBusy(true);
    try {
      // The server checks the name with the SDK's schema; its message comes back on `name`.
      const answer = await client.tokens.create({ name: name.trim(), scopes: chosen, expires_at: expiresAt(expiry, customDate) });
      setCreated({ name: answer.token.name, accessToken: answer.accessToken });
      setErrors({ fields: {} });
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(created.accessToken);
        toast.success("Token copied");
      } catch {
        toast.error("Copying was blocked", { body: "Select the token and copy it yourself." });
      }
    };
    return (
      <section className="card stack" aria-labelledby="token-created-title">
        <h2 id="token-created-title">Token "{created.name}" created</h2>
        <p role="status"><strong>Copy it now: it is shown only once.</strong> Store it like a password.</p>
        <TextField label="Your new token" value={created.accessToken} readOnly onFocus={(e) => e.target.select()} />
        <div className="row">
          <Button variant="primary" onClick={() => void copy()}>Copy token</Button>
          <Link href="/developer/tokens" className="btn">Done</Link>
        </div>
      </section>
    );
  }

  return (
    <form className="card stack" onSubmit={create} noValidate aria-labelledby="new-token-title">
      <h2 id="new-token-title">New access token</h2>
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField label="Token name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} hint="What uses it, e.g. Zapier or a nightly export." />
      <Select
        label="Expiration"
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
        options={EXPIRY_OPTIONS}
        error={expiry === "custom" ? undefined : errors.fields.expires_at}
        hint={
          expiry === "never" ? (
            <strong role="alert">A token without an expiration works until you revoke it. Prefer one that expires.</strong>
          ) : undefined
        }
      />
      {expiry === "custom" && (
        <TextField label="Expires on" type="date" value={customDate} onChange={(e) => setCustomDate(e.target.value)} error={errors.fields.expires_at} />
      )}
      <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0, gap: 4 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>Scopes</legend>
        <ListState query={scopes} label="scopes" isEmpty={(list) => list.length === 0} empty="The server offers no scopes.">
          {(list) =>
            list.map((scope) => (
              <Checkbox
                key={scope.id}
                label={<><code>{scope.id}</code> — {scope.description}</>}
                checked={chosen.includes(scope.id)}
                onChange={(e) => setChosen((now) => (e.target.checked ? [...now, scope.id] : now.filter((s) => s !== scope.id)))}
              />
            ))
          }
        </ListState>
        {errors.fields.scopes && <span className="field-error">{errors.fields.scopes}</span>}
      </fieldset>
      <div className="row">
        <Button variant="primary" type="submit" busy={busy}>Create token</Button>
        <Link href="/developer/tokens" className="btn">Cancel</Link>
      </div>
    </form>
  );
}
