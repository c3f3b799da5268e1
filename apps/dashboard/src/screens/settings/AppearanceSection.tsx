import { COLOR_MODE_PREFERENCES, type ColorModePreference } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { setColorModePreference, useColorModePreference } from "../../session/colorMode.js";
import { setUser } from "../../session/session.js";
import { toast } from "../../ui/Toasts.js";

const LABELS: Record<ColorModePreference, { label: string; hint: string }> = {
  system: { label: "System", hint: "Follows your device's light or dark setting, live." },
  light: { label: "Light", hint: "Always light." },
  dark: { label: "Dark", hint: "Always dark." },
};

/**
 * Colour mode (spec §4): stored at once under `nuxt-color-mode` (this browser) and sent to the
 * server (`updateTheme`, the profile's theme) so it follows the user.
 */
export function AppearanceSection() {
  const preference = useColorModePreference();
  const choose = async (next: ColorModePreference) => {
    setColorModePreference(next);
    try {
      setUser((await client.account.updateTheme(next)).success);
    } catch (error) {
      toast.error("The colour mode was not saved to your profile", { body: (error as Error).message });
    }
  };
  return (
    <fieldset className="card stack" style={{ margin: 0 }}>
      <legend style={{ fontWeight: 700, fontSize: "1.25rem", padding: "0 4px" }}>Colour mode</legend>
      {COLOR_MODE_PREFERENCES.map((value) => (
        <div key={value} className="checkbox">
          <input
            type="radio"
            id={`color-mode-${value}`}
            name="color-mode"
            value={value}
            checked={preference === value}
            onChange={() => void choose(value)}
            aria-describedby={`color-mode-${value}-hint`}
          />
          <label htmlFor={`color-mode-${value}`}>{LABELS[value].label}</label>
          <span id={`color-mode-${value}-hint`} className="muted">— {LABELS[value].hint}</span>
        </div>
      ))}
    </fieldset>
  );
}
