import { useId, useState, type FormEvent } from "react";
import type { Webinar } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { formErrorsFrom, type FormErrors } from "../../lib/formErrors.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { Dialog } from "../../ui/Dialog.js";
import { FormError, TextField } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";
import { formatWhen } from "../../lib/format.js";
import { checkReschedule, localInputValue } from "./rescheduleForm.js";
import { TimeZoneSelect } from "../../ui/TimeZoneSelect.js";

/**
 * The webinar screen's "Reschedule" button and its dialog (POST /webinar/reschedule): a new date
 * and time on the webinar zone's clock (the zone can change too), checked with the SDK's schema;
 * the server's refusals (a start in the past, a started webinar) show inline. On success: a toast,
 * the session's webinar lists refetched, and `onRescheduled` with the event as it is now.
 *
 * @example
 * <RescheduleWebinarButton webinar={webinar} onRescheduled={(next) => setWebinar(next)} />
 */
export function RescheduleWebinarButton({ webinar, onRescheduled }: { webinar: Webinar; onRescheduled: (next: Webinar) => void }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [local, setLocal] = useState("");
  const [timeZone, setTimeZone] = useState(webinar.timeZone);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saving, setSaving] = useState(false);

  const show = () => {
    setLocal(localInputValue(webinar.startTime, webinar.timeZone));
    setTimeZone(webinar.timeZone);
    setErrors({ fields: {} });
    setOpen(true);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const checked = checkReschedule(webinar, local, timeZone);
    if (!checked.ok) return setErrors({ fields: checked.errors });
    setSaving(true);
    setErrors({ fields: {} });
    try {
      const { success } = await client.webinars.reschedule(checked.body);
      setOpen(false);
      toast.success("Webinar rescheduled", {
        body: `${success.name} now starts ${formatWhen(success.startTime, success.timeZone)} (${success.timeZone}). Its scheduled actions moved with it.`,
      });
      onRescheduled(success);
      void refreshSessionData("upcomingWebinars");
      if (success.isRecurring) void refreshSessionData("recurringWebinars");
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button onClick={show}>Reschedule</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Reschedule "${webinar.name}"`}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" type="submit" form={formId} busy={saving}>
              Reschedule
            </Button>
          </>
        }
      >
        <form id={formId} className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <p className="muted" style={{ margin: 0 }}>
            Now: {formatWhen(webinar.startTime, webinar.timeZone)} ({webinar.timeZone}). Registrants stay registered, and the
            scheduled actions move with the new start.
            {webinar.isRecurring && " Only this event of the series moves."}
          </p>
          {(errors.form || errors.fields.webinarID) && <FormError>{errors.form ?? errors.fields.webinarID}</FormError>}
          <TextField
            label="New start"
            type="datetime-local"
            value={local}
            onChange={(e) => setLocal(e.target.value)}
            error={errors.fields.startTime}
            hint={`On the clock of ${timeZone.replace(/_/g, " ")}.`}
            required
            autoFocus
          />
          <TimeZoneSelect label="Time zone" value={timeZone} onChange={setTimeZone} error={errors.fields.timeZone} />
        </form>
      </Dialog>
    </>
  );
}
