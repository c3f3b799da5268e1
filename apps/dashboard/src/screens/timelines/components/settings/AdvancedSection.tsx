import { AtLevel } from "../../../../lib/level/useLevel.js";
import { useSessionData } from "../../../../session/dataStore.js";
import { Checkbox, TextField } from "../../../../ui/index.js";
import { MediaField } from "../widgets/MediaField.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm, withSection } from "./SettingForm.js";

const whole = (value: string) => Math.max(0, Math.trunc(Number(value) || 0));

/** Advanced: join and replay start, countdown, replay window, manual control, intro and outro videos. */
export function AdvancedSection({ master, saveSetting }: SectionProps) {
  const videos = useSessionData("videos").data;
  const images = useSessionData("images").data;
  return (
    <SettingForm
      title="Advanced"
      description="Room opening, countdown, replay and video options."
      master={master}
      saveSetting={saveSetting}
      paths={["general.joinStart", "general.replayStart", "general.countdown.duration", "general.manualControl.duration"]}
    >
      {(setting, update, errors) => {
        const g = setting.general;
        const set = (patch: Partial<typeof g>) => update((s) => withSection(s, "general", patch));
        return (
          <div className="stack">
            <div className="settings-grid">
              <TextField label="Attendees may join (minutes before)" type="number" min={0} value={String(g.joinStart)} error={errors["general.joinStart"]} onChange={(e) => set({ joinStart: whole(e.target.value) })} />
              <TextField label="Late joiners go to the replay after (minutes)" type="number" min={0} value={String(g.replayStart)} error={errors["general.replayStart"]} onChange={(e) => set({ replayStart: whole(e.target.value) })} />
            </div>
            <fieldset className="fieldset">
              <legend>Countdown</legend>
              <Checkbox label="Show a countdown before the start" checked={g.countdown.enabled} onChange={(e) => set({ countdown: { ...g.countdown, enabled: e.target.checked } })} />
              {g.countdown.enabled && (
                <TextField label="Countdown length (minutes)" type="number" min={0} value={String(g.countdown.duration)} error={errors["general.countdown.duration"]}
                  hint="Actions may not fire within 11 minutes of the countdown start."
                  onChange={(e) => set({ countdown: { ...g.countdown, duration: whole(e.target.value) } })} />
              )}
              {g.countdown.enabled && (
                <MediaField label="Countdown background image" kind="image" known={images} value={g.countdown.image}
                  onChange={(image) => set({ countdown: { ...g.countdown, image } })} />
              )}
            </fieldset>
            <fieldset className="fieldset">
              <legend>Replay</legend>
              <Checkbox label="Offer a replay" checked={g.replay.enabled} onChange={(e) => set({ replay: { ...g.replay, enabled: e.target.checked } })} />
              {g.replay.enabled && (
                <div className="timeline-form-row">
                  <TextField label="Days" type="number" min={0} value={String(g.replay.replayDays)} onChange={(e) => set({ replay: { ...g.replay, replayDays: whole(e.target.value) } })} />
                  <TextField label="Hours" type="number" min={0} value={String(g.replay.replayHours)} onChange={(e) => set({ replay: { ...g.replay, replayHours: whole(e.target.value) } })} />
                  <TextField label="Minutes" type="number" min={0} value={String(g.replay.replayMinutes)} onChange={(e) => set({ replay: { ...g.replay, replayMinutes: whole(e.target.value) } })} />
                </div>
              )}
              {g.replay.enabled && <Checkbox label="Expire the replay at midnight" checked={g.replay.expireOnMid} onChange={(e) => set({ replay: { ...g.replay, expireOnMid: e.target.checked } })} />}
            </fieldset>
            <AtLevel gate="advanced.manualControl">
              <fieldset className="fieldset">
                <legend>Manual control</legend>
                <Checkbox label="The host starts the event" checked={g.manualControl.enabled} onChange={(e) => set({ manualControl: { ...g.manualControl, enabled: e.target.checked } })} />
                {g.manualControl.enabled && (
                  <TextField label="Duration (minutes)" type="number" min={0} value={String(g.manualControl.duration)} error={errors["general.manualControl.duration"]}
                    onChange={(e) => set({ manualControl: { ...g.manualControl, duration: whole(e.target.value) } })} />
                )}
              </fieldset>
            </AtLevel>
            <fieldset className="fieldset">
              <legend>Video</legend>
              <MediaField label="Webinar video" kind="video" known={videos} value={g.videoFile} hint="The recording played for automated and replay events."
                onChange={(videoFile) => set({ videoFile })} />
              <AtLevel gate="advanced.videoOptions">
                <Checkbox label="Append an intro and outro video" checked={g.advanced.enabled} onChange={(e) => set({ advanced: { ...g.advanced, enabled: e.target.checked } })} />
                {g.advanced.enabled && (
                  <div className="settings-grid">
                    <MediaField label="Intro video" kind="video" known={videos} value={g.advanced.appendIntro} onChange={(appendIntro) => set({ advanced: { ...g.advanced, appendIntro } })} />
                    <MediaField label="Outro video" kind="video" known={videos} value={g.advanced.appendOutro} onChange={(appendOutro) => set({ advanced: { ...g.advanced, appendOutro } })} />
                  </div>
                )}
                <Checkbox label="High definition" checked={g.highDefinition} onChange={(e) => set({ highDefinition: e.target.checked })} />
                <Checkbox label="Mute all attendees" checked={g.muteAll} onChange={(e) => set({ muteAll: e.target.checked })} />
                <Checkbox label="Record automatically" checked={g.autoRecording} onChange={(e) => set({ autoRecording: e.target.checked })} />
              </AtLevel>
            </fieldset>
          </div>
        );
      }}
    </SettingForm>
  );
}
