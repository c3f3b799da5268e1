import { Checkbox, Select, TextField } from "../../../../ui/index.js";
import { RegistrationPreview } from "../widgets/RegistrationPreview.js";
import { ListField } from "./ListField.js";
import { RegistrationFieldsSection } from "./RegistrationFieldsSection.js";
import { PAGE_BUILDERS } from "./pageBuilders.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm, withSection } from "./SettingForm.js";

/** Registration: form type, closing, window, domain whitelist, the page and its builder (ten options). */
export function RegistrationSection({ master, saveSetting }: SectionProps) {
  return (
    <div className="stack">
      <SettingForm
        title="Registration"
        description="How people register, and where your registration page is built."
        master={master}
        saveSetting={saveSetting}
        paths={["registration.registrationStart", "registration.whitelist.domains", "page.registration.url"]}
      >
        {(setting, update, errors) => {
          const registration = setting.registration;
          const page = setting.page;
          const set = (patch: Partial<typeof registration>) => update((s) => withSection(s, "registration", patch));
          const domainError = Object.entries(errors).find(([key, value]) => key.startsWith("registration.whitelist.domains") && value)?.[1];
          return (
            <div className="stack">
              <fieldset className="fieldset">
                <legend>Page builder</legend>
                <p className="muted" style={{ margin: 0 }}>Where your registration page lives; the Code section gives the snippet to paste into it.</p>
                <div className="builder-grid" role="radiogroup" aria-label="Registration page builder">
                  {PAGE_BUILDERS.map((builder) => (
                    <label key={builder.value} className="builder-option">
                      <input type="radio" name="page-builder" value={builder.value} checked={page.builder === builder.value}
                        onChange={() => update((s) => withSection(s, "page", { builder: builder.value }))} />
                      {builder.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="settings-grid">
                <Select label="Registration type" value={registration.type}
                  options={[{ value: "one-time", label: "One-time: the next session" }, { value: "multi-option", label: "Multi-option: visitors pick a session" }]}
                  onChange={(e) => set({ type: e.target.value as typeof registration.type })} />
                <TextField label="Registration window (minutes from the start)" type="number" value={String(registration.registrationStart)} error={errors["registration.registrationStart"]}
                  hint="Negative closes registration before the start."
                  onChange={(e) => set({ registrationStart: Math.trunc(Number(e.target.value) || 0) })} />
                <Select label="Registration page" value={page.registration.type} options={[{ value: "default", label: "Cuepoint's page" }, { value: "custom", label: "My own page" }]}
                  onChange={(e) => update((s) => withSection(s, "page", { registration: { ...s.page.registration, type: e.target.value as "default" | "custom" } }))} />
                {page.registration.type === "custom" && (
                  <TextField label="Registration page address" type="url" value={page.registration.url} error={errors["page.registration.url"]}
                    onChange={(e) => update((s) => withSection(s, "page", { registration: { ...s.page.registration, url: e.target.value } }))} />
                )}
              </div>
              <Checkbox label="Close registration" checked={registration.block} onChange={(e) => set({ block: e.target.checked })} />
              <Checkbox label="Use the inner registration page" checked={registration.isInnerPageEnabled} onChange={(e) => set({ isInnerPageEnabled: e.target.checked })} />
              <Checkbox label="Only accept registrations from these domains" checked={registration.whitelist.enabled}
                onChange={(e) => set({ whitelist: { ...registration.whitelist, enabled: e.target.checked } })} />
              {registration.whitelist.enabled && (
                <ListField label="Allowed domains" hint="Separate with commas: example.com, partner.org" value={registration.whitelist.domains} error={domainError}
                  onChange={(domains) => set({ whitelist: { ...registration.whitelist, domains } })} />
              )}
            </div>
          );
        }}
      </SettingForm>
      <RegistrationFieldsSection master={master} saveSetting={saveSetting} />
      <RegistrationPreview master={master} />
    </div>
  );
}
