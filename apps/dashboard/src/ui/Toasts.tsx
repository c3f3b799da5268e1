import type { ReactNode } from "react";
import { createStore, useStore } from "../lib/store.js";
import { IconButton } from "./Button.js";
import { CloseIcon } from "./icons.js";

export type ToastKind = "info" | "success" | "link" | "error";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  body?: ReactNode;
  /** A `link` toast's target (a dashboard href or an allowed URL). */
  link?: { href: string; label: string };
  actions?: ToastAction[];
  /** Milliseconds before it hides itself; 0 keeps it until dismissed. */
  timeout: number;
}

const toasts = createStore<ToastItem[]>([]);
let nextId = 1;

/** Removes a toast. */
export const dismissToast = (id: number): void => toasts.set((list) => list.filter((t) => t.id !== id));

function show(kind: ToastKind, title: string, options: Partial<Omit<ToastItem, "id" | "kind" | "title">> = {}): number {
  const id = nextId++;
  const timeout = options.timeout ?? (kind === "error" || options.actions ? 0 : 6000);
  toasts.set((list) => [...list, { id, kind, title, ...options, timeout }]);
  if (timeout > 0) setTimeout(() => dismissToast(id), timeout);
  return id;
}

/**
 * Toasts of spec §2: info, success, link and error. Errors stay until dismissed; others hide
 * after 6 s unless they carry actions.
 *
 * @example
 * toast.success("Token revoked");
 * toast.error("Media upload failed", { body: "There was an error with the media upload." });
 * toast.link("Timeline copied", { link: { href: "#/timelines/7", label: "Open it" } });
 * toast.info("A new deployment is available", { actions: [{ label: "Refresh", onClick: reload }] });
 */
export const toast = {
  info: (title: string, options?: Partial<Omit<ToastItem, "id" | "kind" | "title">>) => show("info", title, options),
  success: (title: string, options?: Partial<Omit<ToastItem, "id" | "kind" | "title">>) => show("success", title, options),
  link: (title: string, options: Partial<Omit<ToastItem, "id" | "kind" | "title">> & { link: ToastItem["link"] }) =>
    show("link", title, options),
  error: (title: string, options?: Partial<Omit<ToastItem, "id" | "kind" | "title">>) => show("error", title, options),
  dismiss: dismissToast,
  /** Empties the list (logout). */
  clear: () => toasts.set([]),
};

/** The toast region; mounted once by the app shell. */
export function Toaster() {
  const list = useStore(toasts);
  return (
    <section className="toasts" aria-label="Notifications">
      <div role="status" aria-live="polite" className="stack" style={{ gap: 8 }}>
        {list.map((item) => (
          <div key={item.id} className="toast" data-kind={item.kind} role={item.kind === "error" ? "alert" : undefined}>
            <div className="toast-text">
              <div className="toast-title">{item.title}</div>
              {item.body && <div>{item.body}</div>}
              {item.link && <a href={item.link.href}>{item.link.label}</a>}
              {item.actions && (
                <div className="row" style={{ marginTop: 8 }}>
                  {item.actions.map((action, index) => (
                    <button
                      key={action.label}
                      type="button"
                      className={`btn${index === 0 ? " btn-primary" : ""}`}
                      onClick={() => {
                        dismissToast(item.id);
                        action.onClick();
                      }}
                    >
                      {action.label}
                    </button>
                  ))}
                </div>
              )}
            </div>
            <IconButton label="Dismiss notification" icon={<CloseIcon />} onClick={() => dismissToast(item.id)} />
          </div>
        ))}
      </div>
    </section>
  );
}
