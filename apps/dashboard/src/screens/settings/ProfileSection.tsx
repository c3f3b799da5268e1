import { checkEmail, EXPERIENCE_LEVELS, type ExperienceLevel } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { client } from "../../api/client.js";
import { formErrorsFrom, ruleMessage, type FormErrors } from "../../lib/formErrors.js";
import { setUser, useSession } from "../../session/session.js";
import { Button } from "../../ui/Button.js";
import { FormError, Select, TextField } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";

const LEVEL_LABELS: Record<ExperienceLevel, string> = {
  beginner: "Beginner: the essentials",
  advanced: "Advanced: more options",
  expert: "Expert: every option",
};

/** Name and email (`updateuser`), and the experience level (`level`) that gates features (spec §6). */
export function ProfileSection() {
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saving, setSaving] = useState(false);
  const [level, setLevel] = useState<ExperienceLevel>(user?.profile.userSkillLevel ?? "beginner");

  if (!user) return <p role="status">Loading your profile…</p>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { name: name.trim() ? undefined : "Enter your name.", email: ruleMessage(checkEmail(email.trim())) };
    setErrors({ fields });
    if (fields.name || fields.email) return;
    setSaving(true);
    try {
      setUser((await client.account.updateUser({ name: name.trim(), email: email.trim() })).success);
      toast.success("Profile saved");
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setSaving(false);
    }
  };

  const changeLevel = async (next: ExperienceLevel) => {
    const before = level;
    setLevel(next);
    try {
      setUser((await client.account.setLevel(next)).success);
      toast.success("Experience level saved");
    } catch (error) {
      setLevel(before);
      toast.error("The experience level was not saved", { body: (error as Error).message });
    }
  };

  return (
    <>
      <form className="card stack" onSubmit={save} noValidate aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        {errors.form && <FormError>{errors.form}</FormError>}
        <TextField label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.fields.email} />
        <div>
          <Button variant="primary" type="submit" busy={saving}>Save profile</Button>
        </div>
      </form>
      <div className="card stack">
        <h2>Experience level</h2>
        <Select
          label="Experience level"
          hint="Beginner shows the essentials. Advanced adds the editor's Integrations, Advanced, Audience, Templates and Version History, and the webinar and event types. Expert adds manual control, the video options and the Developer area. Hidden settings keep their values."
          value={level}
          onChange={(e) => void changeLevel(e.target.value as ExperienceLevel)}
          options={EXPERIENCE_LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] }))}
        />
      </div>
    </>
  );
}
