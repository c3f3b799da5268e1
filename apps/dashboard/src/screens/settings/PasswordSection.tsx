import { checkPassword } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { client } from "../../api/client.js";
import { formErrorsFrom, ruleMessage, type FormErrors } from "../../lib/formErrors.js";
import { Button } from "../../ui/Button.js";
import { FormError, TextField } from "../../ui/Field.js";
import { PasswordChecklist } from "../../ui/PasswordChecklist.js";
import { toast } from "../../ui/Toasts.js";

/** Changes the password (`checkpassword` with the current one); the SDK's rule checks the new one. */
export function PasswordSection() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      password: current ? undefined : "Enter your current password.",
      newpass: ruleMessage(checkPassword(next)),
      repeat: next === repeat ? undefined : "The two new passwords differ.",
    };
    setErrors({ fields });
    if (fields.password || fields.newpass || fields.repeat) return;
    setSaving(true);
    try {
      await client.account.checkPassword({ password: current, newpass: next });
      setCurrent("");
      setNext("");
      setRepeat("");
      toast.success("Password changed", { body: "Your other sessions were logged out." });
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card stack" onSubmit={save} noValidate aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.fields.password} />
      <TextField label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={errors.fields.newpass} hint={<PasswordChecklist password={next} id="new-password-rules" />} />
      <TextField label="Repeat the new password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={errors.fields.repeat} />
      <div>
        <Button variant="primary" type="submit" busy={saving}>Change password</Button>
      </div>
    </form>
  );
}
