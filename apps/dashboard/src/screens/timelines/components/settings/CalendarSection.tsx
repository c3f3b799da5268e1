import { EVENT_TYPES, WEBINAR_TYPES, visibleDeliveryPlatforms, zonedToUtc, zonedWallTime } from "@cuepoint/sdk";
import { useSessionData } from "../../../../session/dataStore.js";
import { Select, TextField } from "../../../../ui/index.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm, withSection } from "./SettingForm.js";
import { TimeZoneSelect } from "../../../../ui/TimeZoneSelect.js";
import { AtLevel } from "../../../../lib/level/useLevel.js";

const pad = (n: number) => String(n).padStart(2, "0");

/** Epoch ms → the `datetime-local` value of that instant in `timeZone`. */
function toLocalInput(timeStamp: number | null, timeZone: string): string {
  if (timeStamp === null) return "";
  const wall = zonedWallTime(new Date(timeStamp), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A `datetime-local` value read in `timeZone` → epoch ms (null when empty). */
function fromLocalInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return zonedToUtc({ year, month, day, hour, minute }, timeZone).getTime();
}

const PLATFORM_LABELS: Record<string, string> = {
  default: "Not chosen yet",
  aevent: "Cuepoint Events (own room)",
  zoom: "Zoom",
  gotowebinar: "GoTo Webinar",
  youtube: "YouTube Live",
  vsl: "Video sales letter",
};
const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, " ");

/** Calendar: when and how the event runs (zone, start, length, types, delivery platform). */
export function CalendarSection({ master, saveSetting }: SectionProps) {
  const integrations = useSessionData("integrations").data ?? {};
  const linked = Object.values(integrations).map((i) => String(i.type));
  return (
    <SettingForm
      title="Calendar"
      description="When the event runs and where attendees watch it."
      master={master}
      saveSetting={saveSetting}
      paths={["general.timeZone", "general.timeStamp", "general.scheduleLength", "general.deliveryPlatform"]}
    >
      {(setting, update, errors) => {
        const general = setting.general;
        const platforms = visibleDeliveryPlatforms(linked) as string[];
        const platformOptions = ["default", ...platforms, ...(platforms.includes(general.deliveryPlatform) || general.deliveryPlatform === "default" ? [] : [general.deliveryPlatform])];
        return (
          <div className="settings-grid">
            <TimeZoneSelect label="Time zone" value={general.timeZone} error={errors["general.timeZone"]}
              onChange={(timeZone) => update((s) => withSection(s, "general", { timeZone }))} />
            <TextField label="Event start (one-time event)" type="datetime-local" value={toLocalInput(general.timeStamp, general.timeZone)} error={errors["general.timeStamp"]}
              hint="In the time zone above. Leave empty for events you schedule from the Webinars screen."
              onChange={(e) => update((s) => withSection(s, "general", { timeStamp: fromLocalInput(e.target.value, s.general.timeZone) }))} />
            <TextField label="Length (hours)" type="number" min={0.25} step={0.25} value={String(general.scheduleLength)} error={errors["general.scheduleLength"]}
              onChange={(e) => update((s) => withSection(s, "general", { scheduleLength: Number(e.target.value) }))} />
            <AtLevel gate="calendar.types">
              <Select label="Webinar type" value={general.webinarType} options={WEBINAR_TYPES.map((t) => ({ value: t, label: words(t) }))}
                onChange={(e) => update((s) => withSection(s, "general", { webinarType: e.target.value as typeof general.webinarType }))} />
              <Select label="Event type" value={general.eventType} options={EVENT_TYPES.map((t) => ({ value: t, label: t === "vsl" ? "Video sales letter" : words(t) }))}
                onChange={(e) => update((s) => withSection(s, "general", { eventType: e.target.value as typeof general.eventType }))} />
            </AtLevel>
            <Select label="Delivery platform" value={general.deliveryPlatform} error={errors["general.deliveryPlatform"]}
              hint="Platforms show once their integration is connected; Cuepoint Events is always available."
              options={platformOptions.map((p) => ({ value: p, label: PLATFORM_LABELS[p] ?? p }))}
              onChange={(e) => update((s) => withSection(s, "general", { deliveryPlatform: e.target.value as typeof general.deliveryPlatform }))} />
          </div>
        );
      }}
    </SettingForm>
  );
}
