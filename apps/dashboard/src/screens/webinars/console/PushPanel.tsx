import { useState, type FormEvent } from "react";
import { Button } from "../../../ui/Button.js";
import { FormError, TextField } from "../../../ui/Field.js";
import { toast } from "../../../ui/Toasts.js";
import type { ConsoleApi } from "./consoleApi.js";
import { people } from "./consoleFormat.js";
import type { ConsoleState } from "./consoleState.js";
import { pushErrorsFrom, pushProblems, type CtaFields, type PushErrors } from "./pushForms.js";
import type { LiveConsole } from "./useLiveConsole.js";

const EMPTY_CTA: CtaFields = { headline: "", subheadline: "", buttonTitle: "", link: "" };

/** Push now: a call to action, or a new subject, to everyone in the room at once. */
export function PushPanel({ eventId, api, state, apply }: { eventId: string; api: ConsoleApi; state: ConsoleState; apply: LiveConsole["apply"] }) {
  const [cta, setCta] = useState<CtaFields>(EMPTY_CTA);
  const [ctaErrors, setCtaErrors] = useState<PushErrors>({});
  const [subject, setSubject] = useState(state.event.subject);
  const [subjectErrors, setSubjectErrors] = useState<PushErrors>({});
  const [busy, setBusy] = useState<"cta" | "subject">();
  const reach = people(state.present.length);

  const pushCta = async (event: FormEvent) => {
    event.preventDefault();
    const request = { kind: "cta" as const, cta: { headline: cta.headline.trim(), subheadline: cta.subheadline.trim(), buttonTitle: cta.buttonTitle.trim(), link: cta.link.trim() } };
    const problems = pushProblems(request);
    setCtaErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy("cta");
    try {
      apply.action(await api.push(eventId, request));
      toast.success("CTA pushed", { body: `“${request.cta.headline}” is showing to the ${reach} in the room.` });
      setCta(EMPTY_CTA);
    } catch (error) {
      setCtaErrors(pushErrorsFrom(error));
    } finally {
      setBusy(undefined);
    }
  };

  const pushSubject = async (event: FormEvent) => {
    event.preventDefault();
    const request = { kind: "subject" as const, subject: subject.trim() };
    const problems = pushProblems(request);
    setSubjectErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy("subject");
    try {
      apply.action(await api.push(eventId, request));
      toast.success("Subject changed", { body: `The ${reach} in the room now see “${request.subject}”.` });
    } catch (error) {
      setSubjectErrors(pushErrorsFrom(error));
    } finally {
      setBusy(undefined);
    }
  };

  const field = (name: keyof CtaFields) => ({
    value: cta[name],
    error: ctaErrors[name],
    onChange: (e: { target: { value: string } }) => setCta((c) => ({ ...c, [name]: e.target.value })),
  });

  return (
    <section className="console-panel" aria-labelledby="console-push-heading">
      <h3 id="console-push-heading">Push now</h3>
      <form className="stack" style={{ gap: 10 }} onSubmit={(e) => void pushCta(e)} noValidate aria-label="Push a call to action">
        <TextField label="CTA headline" {...field("headline")} />
        <TextField label="CTA subheadline" {...field("subheadline")} />
        <TextField label="Button title" {...field("buttonTitle")} />
        <TextField label="Button link" type="url" inputMode="url" placeholder="https://example.com/offer" {...field("link")} />
        {ctaErrors.form && <FormError>{ctaErrors.form}</FormError>}
        <div>
          <Button type="submit" variant="primary" busy={busy === "cta"}>
            Push the CTA
          </Button>
        </div>
      </form>
      <form className="stack" style={{ gap: 10 }} onSubmit={(e) => void pushSubject(e)} noValidate aria-label="Change the subject">
        <TextField label="Subject attendees see" value={subject} error={subjectErrors.subject} onChange={(e) => setSubject(e.target.value)} />
        {subjectErrors.form && <FormError>{subjectErrors.form}</FormError>}
        <div>
          <Button type="submit" busy={busy === "subject"}>
            Change the subject
          </Button>
        </div>
      </form>
    </section>
  );
}
