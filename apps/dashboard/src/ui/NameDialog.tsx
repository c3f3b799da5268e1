import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { formErrorsFrom } from "../lib/formErrors.js";
import { Button } from "./Button.js";
import { Dialog } from "./Dialog.js";
import { FormError, TextField } from "./Field.js";

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  onClose: () => void;
  /** Saves the name; a rejection shows its message in the dialog. */
  onSubmit: (name: string) => Promise<void>;
  children?: ReactNode;
}

/** A dialog asking for one name (new folder, rename), with the server's error inline. */
export function NameDialog({ open, title, label, initial = "", submitLabel, onClose, onSubmit, children }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError({});
    }
  }, [open, initial]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) return setError({ field: "Enter a name." });
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (e) {
      const errors = formErrorsFrom(e);
      setError({ field: Object.values(errors.fields)[0], form: errors.form });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={busy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form className="stack" onSubmit={(e) => void submit(e)}>
        {error.form && <FormError>{error.form}</FormError>}
        <TextField label={label} value={name} onChange={(e) => setName(e.target.value)} error={error.field} autoFocus />
        {children}
      </form>
    </Dialog>
  );
}
