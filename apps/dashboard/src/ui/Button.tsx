import type { ButtonHTMLAttributes, ReactNode } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "default" | "primary" | "danger" | "ghost";
  /** Shows "…" state and disables the button while an action runs. */
  busy?: boolean;
}

/**
 * The dashboard's button. `type` defaults to "button" (forms pass `type="submit"`).
 *
 * @example
 * <Button variant="primary" busy={saving} type="submit">Save</Button>
 */
export function Button({ variant = "default", busy = false, className, disabled, type = "button", children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={`btn${variant === "default" ? "" : ` btn-${variant}`}${className ? ` ${className}` : ""}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** The accessible name (also the tooltip text browsers show). */
  label: string;
  icon: ReactNode;
  variant?: ButtonProps["variant"];
}

/**
 * A square button with an icon and an accessible name.
 *
 * @example
 * <IconButton label="Close" icon={<CloseIcon />} onClick={close} />
 */
export function IconButton({ label, icon, variant = "ghost", className, type = "button", ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={`btn btn-icon${variant === "default" ? "" : ` btn-${variant}`}${className ? ` ${className}` : ""}`}
    >
      {icon}
    </button>
  );
}
