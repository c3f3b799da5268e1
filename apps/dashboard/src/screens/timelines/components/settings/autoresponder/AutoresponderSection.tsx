import { MAX_EXTRA_REMINDERS, MAX_REMINDER_MINUTES, type AutoresponderSetting, type ExtraReminder } from "@cuepoint/sdk";
import { useEffect, useMemo } from "react";
import { refreshSessionData, useSessionData } from "../../../../../session/dataStore.js";
import { Button, TextField } from "../../../../../ui/index.js";
import { sampleVariables } from "../../messages/sampleVariables.js";
import type { SectionProps } from "../sectionProps.js";
import { SettingForm, type SettingErrors } from "../SettingForm.js";
import { MailEditor } from "./MailEditor.js";
import { beforeLabel, MESSAGES, messageFields, newReminder, reminderFields, withMessage, withReminder, type MailFields } from "./mailSettings.js";

/** Whole minutes from the field, within the schema's bounds (the server's rule refuses the rest). */
const minutesOf = (text: string) => Math.min(MAX_REMINDER_MINUTES, Math.max(0, Math.trunc(Number(text) || 0)));

/** Subject and body must both be there for a mail that is on (the engine would skip it otherwise). */
function checkMail(mail: MailFields, path: string, errors: SettingErrors) {
  if (!mail.enabled) return;
  if (!mail.subject.trim()) errors[`${path}.subject`] = "Write a subject, or turn this email off.";
  if (!mail.body.trim()) errors[`${path}.body`] = "Write a body, or turn this email off.";
}

function check(setting: { autoresponder: AutoresponderSetting }): SettingErrors {
  const errors: SettingErrors = {};
  for (const { id } of MESSAGES) checkMail(messageFields(setting.autoresponder, id), `autoresponder.${id}`, errors);
  setting.autoresponder.reminders.forEach((r, i) => checkMail(reminderFields(r), `autoresponder.reminders.${i}`, errors));
  return errors;
}

/**
 * Autoresponder emails (spec §3 "Autoresponder"): the confirmation, the reminders, the attendee
 * and non-attendee follow-ups, each on/off with its subject, body, merge tags, live preview,
 * sending SMTP integration and "send me a test". README.md beside this file says what the spec
 * leaves open and what was chosen.
 */
export function AutoresponderSection({ master, saveSetting }: SectionProps) {
  const { data } = useSessionData("integrations");
  // An integration added (or tested) since the session's list was read shows up here.
  useEffect(() => void refreshSessionData("integrations"), []);
  const smtp = useMemo(
    () =>
      Object.values(data ?? {})
        .filter((i) => i.type === "SMTP")
        .map((i) => ({ value: String(i.integrationid), label: `${i.name || "SMTP server"}${i.connected ? "" : " (not connected)"}` })),
    [data],
  );
  const fields = master.setting.registration.customForms;
  const variables = useMemo(() => sampleVariables(master.setting.general, fields, new Date()), [master.setting.general, fields]);
  const paths = [
    ...MESSAGES.flatMap(({ id }) => [`autoresponder.${id}.subject`, `autoresponder.${id}.body`]),
    ...master.setting.autoresponder.reminders.flatMap((_, i) => [`autoresponder.reminders.${i}.subject`, `autoresponder.reminders.${i}.body`]),
    "autoresponder.reminderMinutes",
  ];
  return (
    <SettingForm
      title="Autoresponder emails"
      description="The emails every registrant gets around the event. Merge tags are filled for each registrant, times in their own zone."
      master={master}
      saveSetting={saveSetting}
      paths={paths}
      check={check}
    >
      {(setting, update, errors) => {
        const auto = setting.autoresponder;
        const set = (change: (a: AutoresponderSetting) => AutoresponderSetting) => update((s) => ({ ...s, autoresponder: change(s.autoresponder) }));
        const setReminders = (change: (list: ExtraReminder[]) => ExtraReminder[]) => set((a) => ({ ...a, reminders: change(a.reminders) }));
        const common = { timelineId: master.id, smtp, fields, variables };
        const errorsOf = (path: string) => ({ subject: errors[`${path}.subject`], body: errors[`${path}.body`] });
        const editor = (id: (typeof MESSAGES)[number]["id"]) => {
          const message = MESSAGES.find((m) => m.id === id);
          if (!message) return null;
          return (
            <MailEditor
              key={id}
              title={message.title}
              when={id === "reminder" ? `Sent ${beforeLabel(auto.reminderMinutes)}.` : message.when}
              mail={messageFields(auto, id)}
              onChange={(patch) => set((a) => withMessage(a, id, patch))}
              errors={errorsOf(`autoresponder.${id}`)}
              {...common}
            >
              {id === "reminder" && (
                <TextField
                  label="Minutes before the start"
                  type="number"
                  min={0}
                  max={MAX_REMINDER_MINUTES}
                  value={String(auto.reminderMinutes)}
                  error={errors["autoresponder.reminderMinutes"]}
                  hint="60 is an hour, 1440 a day."
                  onChange={(e) => set((a) => ({ ...a, reminderMinutes: minutesOf(e.target.value) }))}
                />
              )}
            </MailEditor>
          );
        };
        return (
          <div className="stack">
            {smtp.length === 0 && (
              <p className="muted">No SMTP integration yet: add one on the Integrations screen so these emails can be sent.</p>
            )}
            {editor("confirmation")}
            {editor("reminder")}
            {auto.reminders.map((reminder, index) => (
              <MailEditor
                key={reminder.id}
                title={`Reminder ${index + 2}`}
                when={`Sent ${beforeLabel(reminder.minutes)}.`}
                mail={reminderFields(reminder)}
                onChange={(patch) => setReminders((list) => list.map((r) => (r.id === reminder.id ? withReminder(r, patch) : r)))}
                errors={errorsOf(`autoresponder.reminders.${index}`)}
                {...common}
              >
                <div className="row">
                  <TextField
                    label="Minutes before the start"
                    type="number"
                    min={0}
                    max={MAX_REMINDER_MINUTES}
                    value={String(reminder.minutes)}
                    error={errors[`autoresponder.reminders.${index}.minutes`]}
                    onChange={(e) => setReminders((list) => list.map((r) => (r.id === reminder.id ? { ...r, minutes: minutesOf(e.target.value) } : r)))}
                  />
                  <Button variant="danger" onClick={() => setReminders((list) => list.filter((r) => r.id !== reminder.id))}>
                    Remove reminder {index + 2}
                  </Button>
                </div>
              </MailEditor>
            ))}
            {auto.reminders.length < MAX_EXTRA_REMINDERS && (
              <div className="row">
                <Button onClick={() => setReminders((list) => [...list, newReminder(auto, list.map((r) => r.id))])}>Add a reminder</Button>
              </div>
            )}
            {editor("attendee")}
            {editor("nonattendee")}
          </div>
        );
      }}
    </SettingForm>
  );
}
