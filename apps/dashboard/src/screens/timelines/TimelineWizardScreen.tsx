import { useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { formErrorsFrom, type FormErrors } from "../../lib/formErrors.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { Button, FormError, PageHeader, TextField, toast } from "../../ui/index.js";
import { createFromTemplate, TemplatePicker, useWizardTemplates } from "./components/wizard.js";
import "./components/timelines.css";

/** The timeline wizard: pick one of the server's templates (or blank), name it, create it. */
export default function TimelineWizardScreen(_props: ScreenProps) {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState("");
  const templates = useWizardTemplates(search);
  const [selected, setSelected] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  // The name last filled in from a template: picking another template replaces it, never a typed name.
  const suggested = useRef("");
  const pick = (id: string, templateName: string) => {
    setSelected(id);
    if (!name.trim() || name === suggested.current) setName(templateName);
    suggested.current = templateName;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors["fields"] = {};
    if (!selected) fields.template = "Pick a template, or Blank timeline.";
    if (!name.trim()) fields.timelineName = "Timeline name is required";
    setErrors({ fields });
    if (fields.template || fields.timelineName) return;
    setBusy(true);
    try {
      const created = await createFromTemplate(selected, name.trim());
      toast.success("Timeline created", { body: `"${created.timelineName}" is ready to edit.` });
      navigate(href("timelines-id___en-US", { id: created.id }));
    } catch (error) {
      setErrors(formErrorsFrom(error));
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="New timeline" description="Start from a template with its settings and actions, then adjust it in the editor." />
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && <FormError>{errors.form}</FormError>}
        <TextField label="Search templates" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <TemplatePicker templates={templates} selected={selected} onSelect={pick} />
        {errors.fields.template && <span className="field-error" role="alert">{errors.fields.template}</span>}
        <div className="card stack">
          <TextField label="Timeline name" value={name} error={errors.fields.timelineName ?? errors.fields["blocks.general.timelineName"]} onChange={(e) => setName(e.target.value)} />
          <div className="row">
            <Button variant="primary" type="submit" busy={busy}>Create timeline</Button>
            <Button onClick={() => navigate(href("timelines___en-US"))}>Cancel</Button>
          </div>
        </div>
      </form>
    </>
  );
}
