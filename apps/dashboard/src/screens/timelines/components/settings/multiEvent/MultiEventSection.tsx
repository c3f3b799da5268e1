import { WEBINAR_TYPES, type MultiEventSetting } from "@cuepoint/sdk";
import { useSessionData } from "../../../../../session/dataStore.js";
import { Button, Checkbox, Select, TextField, confirmAction } from "../../../../../ui/index.js";
import { TextArea } from "../../TextArea.js";
import { MediaField } from "../../widgets/MediaField.js";
import type { SectionProps } from "../sectionProps.js";
import { SettingForm, withSection } from "../SettingForm.js";

const whole = (value: string) => Math.max(0, Math.trunc(Number(value) || 0));

const TYPE_LABELS: Record<(typeof WEBINAR_TYPES)[number], string> = {
  automatic: "Automatic (plays the video)",
  "semi-automatic": "Semi-automatic (you start it)",
  manual: "Manual (you run it)",
};

/** A key no day of the timeline has yet: `day-1`, `day-2`… (kept for good once given: actions are tied to it). */
export function nextDayKey(days: readonly Pick<MultiEventSetting, "dayKey">[]): string {
  const taken = new Set(days.map((day) => day.dayKey));
  let n = days.length + 1;
  while (taken.has(`day-${n}`)) n += 1;
  return `day-${n}`;
}

const newDay = (days: readonly MultiEventSetting[], webinarType: MultiEventSetting["webinarType"]): MultiEventSetting => ({
  dayKey: nextDayKey(days),
  eventName: `Day ${days.length + 1}`,
  visible: true,
  registrationSubject: "",
  registrationBody: "",
  webinarType,
  isEncore: false,
  videoFile: "",
  secondaryVideo: "",
  webinarVideoLength: "",
  countdown: { enabled: false, duration: 15, manualLength: 0, image: "" },
});

/**
 * Multi-event days (spec §3 "Multi-event setting"): one timeline for a series of different events
 * (a three-day challenge, a summit's sessions). Each day has its name, whether the registration
 * shows it, its webinar type, encore flag, video and countdown, and the registration's subject
 * and body for its registrants. Events are scheduled for a day; actions can be tied to a day.
 */
export function MultiEventSection({ master, saveSetting }: SectionProps) {
  const videos = useSessionData("videos").data;
  const images = useSessionData("images").data;
  return (
    <SettingForm
      title="Multi-event days"
      description="Run one timeline for a series of different events — a 3-day challenge, a summit. Schedule each event for its day; an action tied to a day fires only for that day's events."
      master={master}
      saveSetting={saveSetting}
      check={(setting) => {
        const errors: Record<string, string> = {};
        setting.general.multiEvents.settings.forEach((day, i) => {
          if (!day.eventName.trim()) errors[`general.multiEvents.settings.${i}.eventName`] = "Name the day: registrants see it.";
        });
        return errors;
      }}
      paths={master.setting.general.multiEvents.settings.map((_, i) => `general.multiEvents.settings.${i}.eventName`)}
    >
      {(setting, update, errors) => {
        const multi = setting.general.multiEvents;
        const days = multi.settings;
        const setDays = (settings: MultiEventSetting[]) => update((s) => withSection(s, "general", { multiEvents: { ...multi, settings } }));
        const setDay = (index: number, patch: Partial<MultiEventSetting>) => setDays(days.map((day, i) => (i === index ? { ...day, ...patch } : day)));
        const remove = async (index: number) => {
          const day = days[index];
          if (!day) return;
          const ok = await confirmAction({
            title: `Remove "${day.eventName || day.dayKey}"?`,
            body: "Events scheduled for this day keep running with the timeline's own video and countdown; actions tied to it no longer fire. Save to apply.",
            confirmLabel: "Remove",
          });
          if (ok) setDays(days.filter((_, i) => i !== index));
        };
        return (
          <div className="stack">
            {days.length === 0 && <p className="muted" style={{ margin: 0 }}>No days yet: every event of this timeline gets the same actions, video and countdown.</p>}
            {days.map((day, i) => (
              <fieldset key={day.dayKey} className="fieldset stack" aria-label={day.eventName || day.dayKey}>
                <legend>{day.eventName || `Day ${i + 1}`} <span className="muted">({day.dayKey})</span></legend>
                <div className="settings-grid">
                  <TextField label="Event name" value={day.eventName} error={errors[`general.multiEvents.settings.${i}.eventName`]} onChange={(e) => setDay(i, { eventName: e.target.value })} />
                  <Select label="Webinar type" value={day.webinarType} options={WEBINAR_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))} onChange={(e) => setDay(i, { webinarType: e.target.value as MultiEventSetting["webinarType"] })} />
                </div>
                <div className="row">
                  <Checkbox label="Show the name on the registration" checked={day.visible} onChange={(e) => setDay(i, { visible: e.target.checked })} />
                  <Checkbox label="Encore (a rerun of an earlier day)" checked={day.isEncore} onChange={(e) => setDay(i, { isEncore: e.target.checked })} />
                </div>
                <MediaField label="Video" kind="video" known={videos} value={day.videoFile} hint="Leave empty to play the timeline's video." onChange={(videoFile) => setDay(i, { videoFile })} />
                <Checkbox label="Its own countdown" checked={day.countdown.enabled} onChange={(e) => setDay(i, { countdown: { ...day.countdown, enabled: e.target.checked } })} />
                {day.countdown.enabled && (
                  <div className="settings-grid">
                    <TextField label="Countdown length (minutes)" type="number" min={0} value={String(day.countdown.duration)} onChange={(e) => setDay(i, { countdown: { ...day.countdown, duration: whole(e.target.value) } })} />
                    <MediaField label="Countdown background image" kind="image" known={images} value={day.countdown.image} onChange={(image) => setDay(i, { countdown: { ...day.countdown, image } })} />
                  </div>
                )}
                <TextField label="Registration subject" value={day.registrationSubject} hint="The confirmation's subject for this day's registrants; empty keeps the autoresponder's." onChange={(e) => setDay(i, { registrationSubject: e.target.value })} />
                <TextArea label="Registration body" value={day.registrationBody} onChange={(e) => setDay(i, { registrationBody: e.target.value })} />
                <div><Button variant="danger" onClick={() => void remove(i)} aria-label={`Remove ${day.eventName || day.dayKey}`}>Remove day</Button></div>
              </fieldset>
            ))}
            <div><Button onClick={() => setDays([...days, newDay(days, setting.general.webinarType)])}>Add a day</Button></div>
          </div>
        );
      }}
    </SettingForm>
  );
}
