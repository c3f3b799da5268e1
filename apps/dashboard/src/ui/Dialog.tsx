import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createStore, useStore } from "../lib/store.js";
import { Button } from "./Button.js";

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the backdrop, and by the dialog's own buttons. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons row. */
  actions?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: "dialog" | "alertdialog";
}

/**
 * A modal dialog on the native `<dialog>`: the page behind is inert (focus stays inside), Escape
 * closes it, and focus returns to the element that opened it.
 *
 * @example
 * <Dialog open={open} onClose={() => setOpen(false)} title="Rename" actions={<Button onClick={save}>Save</Button>}>…</Dialog>
 */
export function Dialog({ open, onClose, title, children, actions, role = "dialog" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) closeRef.current();
      }}
    >
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
      {actions && <div className="dialog-actions">{actions}</div>}
    </dialog>
  );
}

export interface ConfirmOptions {
  title: string;
  body?: ReactNode;
  /** The confirming button's text ("Delete"). */
  confirmLabel?: string;
  /** Red confirming button; default true (most confirmations are destructive). */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

const pending = createStore<Pending | undefined>(undefined);

/**
 * Asks before a destructive action; resolves true when confirmed. Every delete goes through this.
 *
 * @example
 * if (await confirmAction({ title: "Delete this token?", body: "Apps using it stop working.", confirmLabel: "Delete" })) …
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  pending.get()?.resolve(false);
  return new Promise((resolve) => pending.set({ ...options, resolve }));
}

/** Renders the pending confirmation; mounted once by the app shell. */
export function ConfirmDialogHost() {
  const current = useStore(pending);
  const [busy, setBusy] = useState(false);
  const settle = (ok: boolean) => {
    current?.resolve(ok);
    pending.set(undefined);
    setBusy(false);
  };
  return (
    <Dialog
      open={Boolean(current)}
      role="alertdialog"
      onClose={() => settle(false)}
      title={current?.title}
      actions={
        <>
          <Button onClick={() => settle(false)} autoFocus>
            Cancel
          </Button>
          <Button variant={current?.danger === false ? "primary" : "danger"} busy={busy} onClick={() => settle(true)}>
            {current?.confirmLabel ?? "Delete"}
          </Button>
        </>
      }
    >
      {typeof current?.body === "string" ? <p>{current.body}</p> : current?.body}
    </Dialog>
  );
}
