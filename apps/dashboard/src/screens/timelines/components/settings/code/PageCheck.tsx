import { PageCheckRequestSchema } from "@cuepoint/sdk";
import { useId, useState, type FormEvent } from "react";
import { client } from "../../../../../api/client.js";
import { formErrorsFrom, issueErrors } from "../../../../../lib/formErrors.js";
import { Button, FormError, TextField } from "../../../../../ui/index.js";
import { summarizePageCheck, type PageCheckAnswer } from "./pageCheckSummary.js";

/** The address's problem by the SDK's rule for this call (the server checks the same), or undefined. */
function addressProblem(url: string): string | undefined {
  const result = PageCheckRequestSchema["~standard"].validate({ url });
  if (result instanceof Promise) return undefined; // Synchronous; the server checks again anyway.
  return issueErrors(result.issues ?? []).url;
}

type State =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "done"; answer: PageCheckAnswer }
  | { status: "failed"; message: string };

/**
 * "Test this page": the host gives the address of their published page, the server fetches it and
 * says whether a working Cuepoint form is on it; what was found and each failing check, in plain words.
 *
 * @example
 * <PageCheck timelineID="42" />
 */
export function PageCheck({ timelineID }: { timelineID: string }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [state, setState] = useState<State>({ status: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = addressProblem(url.trim());
    setFieldError(invalid);
    if (invalid) return;
    setState({ status: "checking" });
    try {
      const { success: answer } = await client.timelines.pageCheck(timelineID, { url: url.trim() });
      setState({ status: "done", answer });
    } catch (error) {
      const errors = formErrorsFrom(error);
      if (errors.fields.url) {
        setFieldError(errors.fields.url);
        setState({ status: "idle" });
      } else {
        setState({ status: "failed", message: errors.form ?? "The check could not run. Try again." });
      }
    }
  };

  return (
    <section className="stack card" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} style={{ marginBottom: 4 }}>Test this page</h2>
        <p className="muted" style={{ margin: 0 }}>
          Once your page is published, paste its address: Cuepoint opens it as a visitor would and tells you whether the
          registration form is on it. A page that only links to your hosted page has no form of its own: open the link to
          check it instead.
        </p>
      </div>
      <form className="page-check-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Your published page's address" type="url" inputMode="url" autoComplete="url" placeholder="https://…"
          value={url} error={fieldError} onChange={(e) => setUrl(e.target.value)} />
        <Button type="submit" variant="primary" busy={state.status === "checking"}>Test this page</Button>
      </form>
      <div aria-live="polite">
        {state.status === "checking" && <p className="muted" style={{ margin: 0 }}>Opening your page…</p>}
        {state.status === "failed" && <FormError>{state.message}</FormError>}
        {state.status === "done" && <PageCheckResult answer={state.answer} />}
      </div>
    </section>
  );
}

function PageCheckResult({ answer }: { answer: PageCheckAnswer }) {
  const summary = summarizePageCheck(answer);
  return (
    <div className="stack" style={{ gap: 8 }}>
      <p className="check-summary">{summary.headline}</p>
      <p className="muted" style={{ margin: 0, overflowWrap: "anywhere" }}>Checked {answer.url}</p>
      <ul className="check-list" aria-label="What was checked">
        {summary.checks.map((check, index) => (
          <li key={`${check.name}-${index}`}>
            <span className="check-mark" data-ok={check.ok} aria-hidden="true">{check.ok ? "✓" : "✗"}</span>
            <span><span className="visually-hidden">{check.ok ? "Passed: " : "Failed: "}</span>{check.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
