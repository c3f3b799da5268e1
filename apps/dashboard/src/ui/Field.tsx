import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

interface FieldBase {
  label: ReactNode;
  /** The inline error (an SDK rule's message or the server's `field` message). */
  error?: string | undefined;
  hint?: ReactNode;
}

/** ids and aria attributes tying a control to its hint and error. */
function useFieldIds(error: string | undefined, hint: ReactNode, id?: string) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, aria: { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } };
}

function Messages({ hint, hintId, error, errorId }: { hint: ReactNode; hintId?: string | undefined; error?: string | undefined; errorId?: string | undefined }) {
  return (
    <>
      {hint && <div id={hintId} className="field-hint">{hint}</div>}
      {error && <span id={errorId} className="field-error">{error}</span>}
    </>
  );
}

export type TextFieldProps = FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, "children">;

/**
 * A labelled input with its hint and inline error wired through `aria-describedby`.
 *
 * @example
 * <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
 */
export function TextField({ label, error, hint, id, ...input }: TextFieldProps) {
  const ids = useFieldIds(error, hint, id);
  return (
    <div className="field">
      <label htmlFor={ids.controlId}>{label}</label>
      <input id={ids.controlId} {...ids.aria} {...input} />
      <Messages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type SelectProps = FieldBase &
  SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> };

/**
 * A labelled select.
 *
 * @example
 * <Select label="Mode" value={mode} onChange={(e) => setMode(e.target.value)} options={[{ value: "dark", label: "Dark" }]} />
 */
export function Select({ label, error, hint, id, options, ...select }: SelectProps) {
  const ids = useFieldIds(error, hint, id);
  return (
    <div className="field">
      <label htmlFor={ids.controlId}>{label}</label>
      <select id={ids.controlId} {...ids.aria} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type CheckboxProps = FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/**
 * A checkbox with its label on the right.
 *
 * @example
 * <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
 */
export function Checkbox({ label, error, hint, id, ...input }: CheckboxProps) {
  const ids = useFieldIds(error, hint, id);
  return (
    <div className="field">
      <div className="checkbox">
        <input type="checkbox" id={ids.controlId} {...ids.aria} {...input} />
        <label htmlFor={ids.controlId}>{label}</label>
      </div>
      <Messages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/**
 * A form-level error (a failure not tied to one field), announced to screen readers.
 *
 * @example
 * {formError && <FormError>{formError}</FormError>}
 */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <div className="form-error" role="alert">
      {children}
    </div>
  );
}
