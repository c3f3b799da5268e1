import { useState, type FormEvent } from "react";
import { DEFAULT_TIMEZONE, type CreateWebinarRequest } from "@cuepoint/sdk";
import { Link, useLocation } from "wouter";
import { client } from "../../api/client.js";
import { formErrorsFrom, type FormErrors } from "../../lib/formErrors.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { refreshSessionData, useSessionData } from "../../session/dataStore.js";
import { useRouteMeta } from "../../shell/currentRoute.js";
import { Button } from "../../ui/Button.js";
import { Checkbox, FormError, Select, TextField } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { toast } from "../../ui/Toasts.js";
import { TimeZoneSelect } from "../../ui/TimeZoneSelect.js";
import "../../ui/screen.css";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Tomorrow at 18:00 local, as `YYYY-MM-DDTHH:mm`. */
function defaultStart(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:00`;
}

/**
 * Schedules a single or recurring event of a timeline (POST /webinar/create). The backup route
 * (/webinar/schedule_backup) is the same form. A failure refetches the recurring list (spec §8).
 */
export default function WebinarScheduleScreen(_props: ScreenProps) {
  const { backup } = useRouteMeta();
  const masters = useSessionData("masters");
  const [, navigate] = useLocation();
  const [timeline, setTimeline] = useState("");
  const [name, setName] = useState("");
  const [start, setStart] = useState(defaultStart);
  const [timeZone, setTimeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE);
  const [recurring, setRecurring] = useState(false);
  const [days, setDays] = useState<number[]>([]);
  const [ends, setEnds] = useState<"count" | "until">("count");
  const [count, setCount] = useState("4");
  const [until, setUntil] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saving, setSaving] = useState(false);

  const active = (masters.data ?? []).filter((m) => m.status !== "trash");
  const chosen = timeline || active[0]?.id || "";
  // A multi-event timeline's days: the event is scheduled for one of them.
  const dayChoices = active.find((m) => m.id === chosen)?.setting.general.multiEvents.settings ?? [];
  const [dayKey, setDayKey] = useState("");
  const chosenDay = dayChoices.find((d) => d.dayKey === dayKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors["fields"] = {};
    if (!chosen) fields.webinarTimeline = "Choose a timeline.";
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start)) fields.start = "Enter the date and time of the event.";
    if (recurring && days.length === 0) fields["recurring.days"] = "Choose at least one day.";
    if (Object.keys(fields).length) return setErrors({ fields });
    const body: CreateWebinarRequest = { webinarTimeline: chosen, start, timeZone, ...(name.trim() && { name: name.trim() }), ...(chosenDay && { dayKey: chosenDay.dayKey }) };
    if (recurring) {
      body.isRecurring = true;
      body.recurring = { days, ...(ends === "count" ? { count: Number(count) } : { until }) };
    }
    setSaving(true);
    setErrors({ fields: {} });
    try {
      const { success } = await client.webinars.create(body);
      toast.success(recurring ? "Recurring webinar scheduled" : "Webinar scheduled", {
        body: `${name.trim() || active.find((m) => m.id === chosen)?.timelineName || "The event"} is on the calendar.`,
      });
      void refreshSessionData("upcomingWebinars");
      if (recurring) void refreshSessionData("recurringWebinars");
      navigate(href("webinar-id___en-US", { id: success.webinar.webinarID }));
    } catch (error) {
      void refreshSessionData("recurringWebinars");
      setErrors(formErrorsFrom(error));
    } finally {
      setSaving(false);
    }
  };

  const toggleDay = (day: number, on: boolean) =>
    setDays((list) => (on ? [...list, day].sort() : list.filter((d) => d !== day)));

  return (
    <>
      <PageHeader
        title={backup ? "Schedule a webinar (backup)" : "Schedule a webinar"}
        description="Pick a timeline and when its event starts; its actions run around that time."
      />
      <ListState
        query={{ status: masters.status === "error" ? "error" : "ready", data: masters.data, error: masters.error, reload: () => void refreshSessionData("masters") }}
        label="timelines"
        isEmpty={() => active.length === 0}
        empty={
          <p>
            You have no timelines yet. <Link href="/timelines/wizard">Create a timeline</Link> first.
          </p>
        }
      >
        {() => (
          <form className="card stack" style={{ maxWidth: 640 }} onSubmit={(e) => void submit(e)} noValidate>
            {errors.form && <FormError>{errors.form}</FormError>}
            <Select
              label="Timeline"
              value={chosen}
              onChange={(e) => setTimeline(e.target.value)}
              options={active.map((m) => ({ value: m.id, label: m.timelineName }))}
              error={errors.fields.webinarTimeline}
            />
            {dayChoices.length > 0 && (
              <Select
                label="Multi-event day"
                value={chosenDay ? dayKey : ""}
                onChange={(e) => setDayKey(e.target.value)}
                options={[{ value: "", label: "No day: the timeline's own actions only" }, ...dayChoices.map((d) => ({ value: d.dayKey, label: d.eventName || d.dayKey }))]}
                hint="The event gets that day's actions, video and countdown, and its name."
                error={errors.fields.dayKey}
              />
            )}
            <TextField
              label="Event name"
              hint="Optional: the timeline's name is used otherwise."
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={errors.fields.name}
            />
            <div className="screen-grid" style={{ margin: 0 }}>
              <TextField
                label="Starts"
                type="datetime-local"
                value={start}
                onChange={(e) => setStart(e.target.value)}
                error={errors.fields.start}
                required
              />
              <TimeZoneSelect label="Time zone" value={timeZone} onChange={setTimeZone} error={errors.fields.timeZone} />
            </div>
            <Checkbox label="Repeat this event" checked={recurring} onChange={(e) => setRecurring(e.target.checked)} />
            {recurring && (
              <fieldset className="stack" style={{ border: "1px solid var(--border)", borderRadius: 8, padding: 12 }}>
                <legend>Repeat on</legend>
                <div className="row" role="group" aria-describedby={errors.fields["recurring.days"] ? "days-error" : undefined}>
                  {DAYS.map((label, day) => (
                    <Checkbox key={label} label={label} checked={days.includes(day)} onChange={(e) => toggleDay(day, e.target.checked)} />
                  ))}
                </div>
                {errors.fields["recurring.days"] && (
                  <span id="days-error" className="field-error">{errors.fields["recurring.days"]}</span>
                )}
                <Select
                  label="Ends"
                  value={ends}
                  onChange={(e) => setEnds(e.target.value as "count" | "until")}
                  options={[
                    { value: "count", label: "After a number of events" },
                    { value: "until", label: "On a date" },
                  ]}
                />
                {ends === "count" ? (
                  <TextField
                    label="Number of events"
                    type="number"
                    min={1}
                    max={500}
                    value={count}
                    onChange={(e) => setCount(e.target.value)}
                    error={errors.fields["recurring.count"]}
                  />
                ) : (
                  <TextField
                    label="Last date"
                    type="date"
                    value={until}
                    onChange={(e) => setUntil(e.target.value)}
                    error={errors.fields["recurring.until"]}
                  />
                )}
              </fieldset>
            )}
            <div className="row">
              <Button variant="primary" type="submit" busy={saving}>
                Schedule
              </Button>
              <Link href="/" className="btn">Cancel</Link>
            </div>
          </form>
        )}
      </ListState>
    </>
  );
}
