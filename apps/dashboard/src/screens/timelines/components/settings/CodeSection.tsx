import type { TimelineMaster } from "@cuepoint/sdk";
import { useId } from "react";
import { Button, toast } from "../../../../ui/index.js";
import { RegistrationPreview } from "../widgets/RegistrationPreview.js";

/**
 * The registration embed for a timeline: the widgets' script and the element it mounts into.
 *
 * @example
 * registrationSnippet("https://app.example.com", "t_1");
 * // '<script async src="https://app.example.com/embed.js"></script><div data-cuepoint-registration="t_1"></div>'
 */
export function registrationSnippet(origin: string, id: string): string {
  return `<script async src="${origin}/embed.js"></script><div data-cuepoint-registration="${id}"></div>`;
}

/** Code: the copy-paste registration script tag for any page builder. */
export function CodeSection({ master }: { master: TimelineMaster }) {
  const snippet = registrationSnippet(location.origin, String(master.id));
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success("Code copied", { body: "Paste it into your registration page." });
    } catch {
      const field = document.getElementById(id);
      if (field instanceof HTMLTextAreaElement) field.select();
      toast.info("Select the code and copy it", { body: "This browser did not allow copying automatically." });
    }
  };
  return (
    <div className="stack">
      <section className="stack card" aria-labelledby="code-heading">
        <div>
          <h2 id="code-heading" style={{ marginBottom: 4 }}>Code</h2>
          <p className="muted" style={{ margin: 0 }}>Paste this where the registration form should appear, in any page builder or plain HTML.</p>
        </div>
        <div className="field">
          <label htmlFor={id}>Registration code</label>
          <textarea id={id} className="code-box" readOnly rows={3} value={snippet} onFocus={(e) => e.currentTarget.select()} />
        </div>
        <div><Button variant="primary" onClick={() => void copy()}>Copy code</Button></div>
      </section>
      <RegistrationPreview master={master} />
    </div>
  );
}
