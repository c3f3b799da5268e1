import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ROOM_CHAT_LIMITS, ROOM_CHAT_MESSAGES } from "@cuepoint/sdk";
import { Button } from "../../../ui/Button.js";
import { newClientId } from "./consoleApi.js";

export interface SendChoice {
  label: string;
  toAll: boolean;
  primary?: boolean;
}

/** Why `body` cannot be sent (the chat's own rules, as the server says them), or undefined. */
export function bodyProblem(body: string): string | undefined {
  const text = body.trim();
  if (!text) return ROOM_CHAT_MESSAGES.empty;
  if (text.length > ROOM_CHAT_LIMITS.maxLength) return ROOM_CHAT_MESSAGES.tooLong;
  return undefined;
}

/**
 * A message box with one button per way to send it ("Reply privately", "Reply to everyone"). A
 * failed send keeps the text and its `clientId`, so sending it again can never store it twice.
 */
export function MessageForm({
  label,
  hint,
  choices,
  onSend,
  autoFocus,
}: {
  label: string;
  hint?: ReactNode;
  choices: SendChoice[];
  onSend: (message: { body: string; toAll: boolean; clientId: string }) => Promise<void>;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<boolean | undefined>();
  const clientId = useRef<string>(undefined);
  const toAllRef = useRef(choices[0]?.toAll ?? false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = bodyProblem(body);
    setError(problem);
    if (problem) return;
    clientId.current ??= newClientId();
    setBusy(toAllRef.current);
    try {
      await onSend({ body: body.trim(), toAll: toAllRef.current, clientId: clientId.current });
      setBody("");
      clientId.current = undefined;
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const over = body.trim().length > ROOM_CHAT_LIMITS.maxLength;
  const describedBy = [hint ? `${id}-hint` : "", `${id}-count`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <form className="stack" style={{ gap: 8 }} onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className="console-textarea"
          value={body}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setBody(e.target.value);
            setError(undefined);
            // A changed text is a new message.
            clientId.current = undefined;
          }}
        />
        {hint && <div id={`${id}-hint`} className="field-hint">{hint}</div>}
        <div id={`${id}-count`} className="field-hint" style={over ? { color: "var(--danger)", fontWeight: 600 } : undefined}>
          {body.trim().length} / {ROOM_CHAT_LIMITS.maxLength} characters
        </div>
        {error && (
          <span id={`${id}-error`} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="console-actions">
        {choices.map((choice) => (
          <Button
            key={choice.label}
            type="submit"
            variant={choice.primary ? "primary" : "default"}
            busy={busy === choice.toAll}
            disabled={busy !== undefined}
            onClick={() => (toAllRef.current = choice.toAll)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
