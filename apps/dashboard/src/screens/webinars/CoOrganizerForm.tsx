import { useState, type FormEvent } from "react";
import { checkEmail } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { formErrorsFrom, ruleMessage, type FormErrors } from "../../lib/formErrors.js";
import { Button } from "../../ui/Button.js";
import { FormError, TextField } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";

/** Adds a co-organizer to a webinar (POST /stream/webinar/coorganizer). */
export function CoOrganizerForm({ webinarId, onAdded }: { webinarId: string; onAdded: () => void }) {
  const [tenantId, setTenantId] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      tenantId: tenantId.trim() ? undefined : "Enter the co-organizer's tenant ID.",
      name: name.trim() ? undefined : "Enter the co-organizer's name.",
      email: ruleMessage(checkEmail(email)),
    };
    if (fields.tenantId || fields.name || fields.email) return setErrors({ fields });
    setBusy(true);
    try {
      await client.webinars.addCoOrganizer({ webinarId, tenantId: tenantId.trim(), name: name.trim(), email: email.trim() });
      toast.success("Co-organizer added", { body: `${name.trim()} can now help run this webinar.` });
      setTenantId("");
      setName("");
      setEmail("");
      setErrors({ fields: {} });
      onAdded();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a co-organizer">
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField label="Co-organizer name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
      <TextField label="Co-organizer email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.fields.email} />
      <TextField
        label="Tenant ID"
        hint="The co-organizer's account on the streaming platform."
        value={tenantId}
        onChange={(e) => setTenantId(e.target.value)}
        error={errors.fields.tenantId}
      />
      <div>
        <Button type="submit" busy={busy}>Add co-organizer</Button>
      </div>
    </form>
  );
}
