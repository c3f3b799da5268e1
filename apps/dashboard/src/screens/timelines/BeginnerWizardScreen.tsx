import { DEFAULT_TIMEZONE, zonedToUtc } from "@cuepoint/sdk";
import { useState } from "react";
import { useLocation } from "wouter";
import { formErrorsFrom, type FormErrors } from "../../lib/formErrors.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { Button, FormError, PageHeader, TextField, toast } from "../../ui/index.js";
import { BLANK, createFromTemplate, TemplatePicker, useWizardTemplates } from "./components/wizard.js";
import "./components/timelines.css";

const STEPS = ["Choose a starting point", "Name and date", "Create"] as const;

/** Reads a `datetime-local` value in the timeline's default zone; null when empty. */
function startOf(value: string): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  return zonedToUtc({ year, month, day, hour, minute }, DEFAULT_TIMEZONE).getTime();
}

/** The beginner wizard: three guided steps to a first timeline from a template. */
export default function BeginnerWizardScreen(_props: ScreenProps) {
  const [, navigate] = useLocation();
  const templates = useWizardTemplates("");
  const [step, setStep] = useState(0);
  const [selected, setSelected] = useState("");
  const [templateName, setTemplateName] = useState("");
  const [name, setName] = useState("");
  const [start, setStart] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  const next = () => {
    if (step === 0 && !selected) return setErrors({ fields: { template: "Pick a template, or Blank timeline." } });
    if (step === 1 && !name.trim()) return setErrors({ fields: { timelineName: "Timeline name is required" } });
    setErrors({ fields: {} });
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const create = async () => {
    setBusy(true);
    try {
      const created = await createFromTemplate(selected, name.trim(), start ? { timeStamp: startOf(start) } : {});
      toast.success("Your first timeline is ready", { body: "Add or adjust its actions in the editor." });
      navigate(href("timelines-id___en-US", { id: created.id }));
    } catch (error) {
      setErrors(formErrorsFrom(error));
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="Create your first timeline" description="A timeline runs the emails, messages and live moments around your event. Three steps and you're set." />
      <ol className="wizard-steps" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? "step" : undefined}>{index + 1}. {label}</li>
        ))}
      </ol>
      <div className="stack">
        {errors.form && <FormError>{errors.form}</FormError>}
        {step === 0 && (
          <>
            <h2>What kind of event?</h2>
            <TemplatePicker templates={templates} selected={selected} onSelect={(id, suggested) => { setSelected(id); setTemplateName(suggested); if (!name) setName(suggested); }} />
            {errors.fields.template && <span className="field-error" role="alert">{errors.fields.template}</span>}
          </>
        )}
        {step === 1 && (
          <div className="card stack">
            <h2 style={{ margin: 0 }}>Name and date</h2>
            <TextField label="Timeline name" value={name} error={errors.fields.timelineName} onChange={(e) => setName(e.target.value)} />
            <TextField label="Event start (optional)" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} hint={`In ${DEFAULT_TIMEZONE.replace(/_/g, " ")}; change the zone later under Calendar.`} />
          </div>
        )}
        {step === 2 && (
          <div className="card stack">
            <h2 style={{ margin: 0 }}>Ready to create</h2>
            <p style={{ margin: 0 }}>
              <strong>{name}</strong>, from {selected === BLANK ? "a blank timeline" : `the "${templateName}" template`}
              {start ? `, starting ${start.replace("T", " at ")}` : ""}.
            </p>
          </div>
        )}
        <div className="row">
          {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>Back</Button>}
          {step < STEPS.length - 1 ? (
            <Button variant="primary" onClick={next}>Next</Button>
          ) : (
            <Button variant="primary" busy={busy} onClick={() => void create()}>Create timeline</Button>
          )}
        </div>
      </div>
    </>
  );
}
