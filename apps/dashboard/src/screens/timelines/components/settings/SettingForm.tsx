import { isCuepointError, type TimelineMaster, type TimelineMasterSetting } from "@cuepoint/sdk";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Button, FormError, toast } from "../../../../ui/index.js";

/** Inline errors by setting path ("general.timeZone"). */
export type SettingErrors = Record<string, string | undefined>;

export interface SettingFormProps {
  title: string;
  description?: ReactNode;
  master: TimelineMaster;
  saveSetting: (setting: TimelineMasterSetting) => Promise<TimelineMaster>;
  /** The setting paths this section shows errors for inline; other server fields go above the form. */
  paths?: readonly string[];
  /** Checks before saving (SDK rules); errors by setting path. */
  check?: (setting: TimelineMasterSetting) => SettingErrors;
  children: (setting: TimelineMasterSetting, update: (change: (setting: TimelineMasterSetting) => TimelineMasterSetting) => void, errors: SettingErrors) => ReactNode;
}

/**
 * One settings section of the editor: edits a copy of the timeline's setting and saves it whole
 * (`webinartimelinemaster/set`). The server's `field` (`blocks.general.timeZone`) comes back inline.
 *
 * @example
 * <SettingForm title="Calendar" master={master} saveSetting={save}>{(s, update) => …}</SettingForm>
 */
export function SettingForm({ title, description, master, saveSetting, paths = [], check, children }: SettingFormProps) {
  const [setting, setSetting] = useState(master.setting);
  const [errors, setErrors] = useState<SettingErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const titleId = useId(); // a screen may show two sections (Registration and its fields)
  useEffect(() => setSetting(master.setting), [master]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = check?.(setting) ?? {};
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      await saveSetting(setting);
      toast.success(`${title} saved`);
    } catch (error) {
      const field = isCuepointError(error) ? error.field?.replace(/^blocks\./, "") : undefined;
      const message = error instanceof Error ? error.message : String(error);
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  const elsewhere = Object.entries(errors).filter(([key, value]) => value && !paths.includes(key));
  return (
    <form className="stack card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} style={{ marginBottom: 4 }}>{title}</h2>
        {description && <p className="muted" style={{ margin: 0 }}>{description}</p>}
      </div>
      {formError && <FormError>{formError}</FormError>}
      {elsewhere.length > 0 && <FormError>{elsewhere.map(([key, value]) => `${key}: ${value}`).join(" ")}</FormError>}
      {children(setting, (change) => setSetting((s) => change(s)), errors)}
      <div className="row">
        <Button variant="primary" type="submit" busy={saving}>Save</Button>
        <Button onClick={() => { setSetting(master.setting); setErrors({}); }}>Discard changes</Button>
      </div>
    </form>
  );
}

/** Replaces one section of a setting. @example update((s) => withSection(s, "general", { timeZone })) */
export function withSection<K extends keyof TimelineMasterSetting>(setting: TimelineMasterSetting, key: K, patch: Partial<TimelineMasterSetting[K]>): TimelineMasterSetting {
  return { ...setting, [key]: { ...setting[key], ...patch } };
}
