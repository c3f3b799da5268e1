import { isCuepointError } from "@cuepoint/sdk";
import { useState, type ReactNode } from "react";
import { client } from "../../../../../api/client.js";
import { Button, Checkbox, FormError, Select, TextField, toast } from "../../../../../ui/index.js";
import { MessageField } from "../../messages/MessageField.js";
import type { MailFields } from "./mailSettings.js";

export interface MailEditorProps {
  /** "Confirmation", "Reminder 2"… */
  title: string;
  /** When it goes, in words. */
  when: string;
  mail: MailFields;
  onChange: (patch: Partial<MailFields>) => void;
  timelineId: string;
  /** The account's SMTP integrations. */
  smtp: readonly { value: string; label: string }[];
  fields: readonly { name: string; label?: string }[];
  variables: Record<string, string>;
  errors: { subject?: string | undefined; body?: string | undefined };
  /** More controls (a reminder's timing, its Remove button). */
  children?: ReactNode;
}

/**
 * One autoresponder mail: on/off, subject, body with its merge tags and live preview, the SMTP
 * integration that sends it, and "send me a test" (the editor's text, saved or not).
 */
export function MailEditor({ title, when, mail, onChange, timelineId, smtp, fields, variables, errors, children }: MailEditorProps) {
  const [sending, setSending] = useState(false);
  const [testError, setTestError] = useState<{ field?: string | undefined; message: string }>();
  const sendTest = async () => {
    setTestError(undefined);
    setSending(true);
    try {
      const { success } = await client.automation.testAutoresponder({ webinarTimeline: timelineId, subject: mail.subject, body: mail.body, integrationID: mail.integrationID });
      toast.success(`Test sent to ${success.to}`);
    } catch (error) {
      setTestError({ field: isCuepointError(error) ? error.field : undefined, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };
  const fieldError = (name: string) => (testError?.field === name ? testError.message : undefined);
  return (
    <fieldset className="fieldset mail-editor">
      <legend>{title}</legend>
      <p className="muted" style={{ margin: 0 }}>{when}</p>
      <Checkbox label={`Send the ${title.toLowerCase()} email`} checked={mail.enabled} onChange={(e) => onChange({ enabled: e.target.checked })} />
      {children}
      <div className="settings-grid">
        <TextField label={`${title} subject`} value={mail.subject} error={errors.subject ?? fieldError("subject")} onChange={(e) => onChange({ subject: e.target.value })} />
        <Select
          label="Sent through"
          value={mail.integrationID}
          error={fieldError("integrationID")}
          options={[{ value: "", label: "The timeline's SMTP integration" }, ...smtp]}
          onChange={(e) => onChange({ integrationID: e.target.value })}
        />
      </div>
      <MessageField
        label={`${title} body`}
        value={mail.body}
        onChange={(body) => onChange({ body })}
        error={errors.body ?? fieldError("body")}
        hint="Plain text: a blank line starts a paragraph, web addresses become links."
        subject={mail.subject}
        format="email"
        fields={fields}
        variables={variables}
      />
      {testError && !["subject", "body", "integrationID"].includes(testError.field ?? "") && <FormError>{testError.message}</FormError>}
      <div className="row">
        <Button onClick={() => void sendTest()} busy={sending} disabled={!mail.subject.trim() || !mail.body.trim()}>
          Send me a test
        </Button>
      </div>
    </fieldset>
  );
}
