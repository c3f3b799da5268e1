import type { CustomFormField } from "@cuepoint/sdk";
import { useState } from "react";
import { client } from "../../../../api/client.js";
import { checkFields, cleanFields, templateFields, withTemplate, type FieldErrors } from "../../../../features/registration-fields/fieldList.js";
import { FieldListEditor } from "../../../../features/registration-fields/FieldListEditor.js";
import { refreshSessionData, useSessionData } from "../../../../session/dataStore.js";
import { Button, Checkbox, Select, toast } from "../../../../ui/index.js";
import { NameDialog } from "../../../../ui/NameDialog.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm, withSection, type SettingErrors } from "./SettingForm.js";

const PREFIX = "registration.customForms.";
/** The setting paths whose errors show beside their field (the builder's), not above the form. */
const PATHS = Array.from({ length: 200 }, (_, i) => [`${PREFIX}${i}.name`, `${PREFIX}${i}.options`]).flat();

/** The builder's errors (`N.name`) from the section's (`registration.customForms.N.name`). */
const fieldErrorsOf = (errors: SettingErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key.startsWith(PREFIX)).map(([key, value]) => [key.slice(PREFIX.length), value]));

/**
 * Registration fields (spec §3 `customForms`, `customeEnable`; issue 16 item 3): the timeline's own
 * custom fields, built here or added from a form template, switched on for its registration form
 * (widget and hosted page); the fields can be kept as a new template. Saved with the setting.
 */
export function RegistrationFieldsSection({ master, saveSetting }: SectionProps) {
  const forms = useSessionData("forms");
  const [template, setTemplate] = useState("");
  const [naming, setNaming] = useState<CustomFormField[]>();
  return (
    <>
      <SettingForm
        title="Registration fields"
        description="Questions your registration form asks after name, email and phone. The answers are shown on each lead and exported with the leads."
        master={master}
        saveSetting={(setting) => saveSetting(withSection(setting, "registration", { customForms: cleanFields(setting.registration.customForms) }))}
        paths={PATHS}
        check={(setting) => Object.fromEntries(Object.entries(checkFields(setting.registration.customForms)).map(([key, value]) => [`${PREFIX}${key}`, value]))}
      >
        {(setting, update, errors) => {
          const registration = setting.registration;
          const setFields = (customForms: CustomFormField[]) => update((s) => withSection(s, "registration", { customForms }));
          const list = forms.data ?? [];
          const chosen = list.find((form) => form.id === template);
          return (
            <div className="stack">
              <Checkbox label="Ask these questions on the registration form" checked={registration.customeEnable}
                hint="Off: the form asks for name, email and phone only, and keeps these fields for later."
                onChange={(e) => update((s) => withSection(s, "registration", { customeEnable: e.target.checked }))} />
              <FieldListEditor label="Registration fields" fields={registration.customForms} onChange={setFields} errors={fieldErrorsOf(errors)} />
              <fieldset className="fieldset">
                <legend>Form templates</legend>
                <div className="row" style={{ alignItems: "flex-end", flexWrap: "wrap" }}>
                  <Select label="Template" value={template} onChange={(e) => setTemplate(e.target.value)}
                    options={[{ value: "", label: list.length ? "Choose a template…" : "No templates yet" }, ...list.map((form) => ({ value: form.id, label: form.name || "Untitled" }))]} />
                  <Button disabled={!chosen} onClick={() => {
                    if (!chosen) return;
                    setFields(withTemplate(registration.customForms, templateFields(chosen)));
                    toast.success(`Fields of "${chosen.name || "Untitled"}" added`, { body: "Save to use them." });
                  }}>Add its fields</Button>
                  <Button disabled={registration.customForms.length === 0} onClick={() => setNaming(cleanFields(registration.customForms))}>Save these fields as a template</Button>
                </div>
                <p className="muted" style={{ margin: 0 }}>A template's fields are copied: editing the template later leaves this timeline's form as it is.</p>
              </fieldset>
            </div>
          );
        }}
      </SettingForm>
      <NameDialog open={!!naming} title="Save the fields as a template" label="Template name" submitLabel="Save template"
        onClose={() => setNaming(undefined)}
        onSubmit={async (name) => {
          await client.forms.create({ name, fields: naming ?? [] });
          void refreshSessionData("forms");
          toast.success(`Template "${name}" saved`);
        }} />
    </>
  );
}
