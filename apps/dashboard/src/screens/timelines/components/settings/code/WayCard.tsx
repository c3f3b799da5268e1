import { useId } from "react";
import { Button } from "../../../../../ui/index.js";
import { copySnippet } from "./copySnippet.js";
import type { Way } from "./ways.js";

/**
 * One way to put the registration form on a page: what it is for, its snippet and a copy button;
 * marked when it is the way the picked builder should use.
 *
 * @example
 * <WayCard way={WAYS[0]} code={snippets.script} recommendedFor="Kajabi" />
 */
export function WayCard({ way, code, recommendedFor }: { way: Way; code: string; recommendedFor?: string | undefined }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const fieldId = `${id}-code`;
  const isLink = way.id === "page";
  return (
    <section className="way-card" aria-labelledby={headingId} data-recommended={recommendedFor ? "true" : undefined}>
      <div className="way-card-head">
        <h3 id={headingId}>{way.label}</h3>
        {recommendedFor && <span className="way-badge">Use this for {recommendedFor}</span>}
      </div>
      <p className="muted">{way.when}</p>
      <div className="field">
        <label htmlFor={fieldId}>{isLink ? "Hosted page address" : `${way.label} code`}</label>
        {isLink ? (
          <input id={fieldId} className="code-box" readOnly value={code} onFocus={(e) => e.currentTarget.select()} />
        ) : (
          <textarea id={fieldId} className="code-box" readOnly rows={way.id === "script" ? 3 : 6} value={code} onFocus={(e) => e.currentTarget.select()} />
        )}
      </div>
      <div className="way-card-actions">
        <Button variant={recommendedFor ? "primary" : "default"} onClick={() => void copySnippet(code, fieldId, `${way.label} copied`)}>
          {way.copy}
        </Button>
        {isLink && (
          <a href={code} target="_blank" rel="noopener noreferrer">Open the hosted page<span className="visually-hidden"> (opens in a new tab)</span></a>
        )}
      </div>
    </section>
  );
}
