import { passwordProblems, PASSWORD_REQUIREMENTS } from "@cuepoint/sdk";

/**
 * The SDK's password requirements as a live checklist (change password, reset password).
 *
 * @example
 * <PasswordChecklist password={value} id="new-password-rules" />
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const unmet = new Set(passwordProblems(password).map((p) => p.requirement));
  return (
    <ul id={id} className="muted" style={{ margin: 0, paddingLeft: 20, fontSize: "0.875rem" }} aria-label="Password requirements">
      {PASSWORD_REQUIREMENTS.map(({ requirement, label }) => (
        <li key={requirement}>
          {unmet.has(requirement) ? "○" : "✓"} {label}
          <span className="visually-hidden">{unmet.has(requirement) ? " (not met yet)" : " (met)"}</span>
        </li>
      ))}
    </ul>
  );
}
