import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";

/**
 * A labelled textarea with its hint and inline error, wired like the UI kit's `TextField`.
 *
 * @example
 * <TextArea label="Chat message" value={message} onChange={(e) => setMessage(e.target.value)} error={errors.message} />
 */
export function TextArea({ label, error, hint, id, ref, ...rest }: { label: ReactNode; error?: string | undefined; hint?: ReactNode; ref?: Ref<HTMLTextAreaElement> } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const controlId = id ?? auto;
  const describedBy = [hint ? `${controlId}-hint` : "", error ? `${controlId}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <textarea ref={ref} id={controlId} rows={3} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint && <div id={`${controlId}-hint`} className="field-hint">{hint}</div>}
      {error && <span id={`${controlId}-error`} className="field-error">{error}</span>}
    </div>
  );
}
