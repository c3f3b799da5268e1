import { meetsExperienceLevel, type ExperienceLevel } from "@cuepoint/sdk";

/**
 * What each experience level shows (spec §6: beginner < advanced < expert gate advanced and expert
 * features). The one table the dashboard asks; README.md in this folder shows it to people and its
 * test keeps the two the same. A gate only hides: the setting it hides keeps its value, because
 * every settings form saves the whole setting it was given, shown fields or not.
 */
export const LEVEL_GATES = {
  "developer": "expert",
  "editor.integrations": "advanced",
  "editor.advanced": "advanced",
  "editor.audience": "advanced",
  "editor.templates": "advanced",
  "editor.history": "advanced",
  "calendar.types": "advanced",
  "advanced.manualControl": "expert",
  "advanced.videoOptions": "expert",
} as const satisfies Record<string, ExperienceLevel>;

export type LevelGate = keyof typeof LEVEL_GATES;

/** Where each gate is, in words, for the README and the notice on a hidden screen. */
export const GATE_LABELS: Record<LevelGate, string> = {
  "developer": "Developer (API endpoints and access tokens)",
  "editor.integrations": "Timeline editor: Integrations",
  "editor.advanced": "Timeline editor: Advanced",
  "editor.audience": "Timeline editor: Audience",
  "editor.templates": "Timeline editor: Templates",
  "editor.history": "Timeline editor: Version History",
  "calendar.types": "Calendar: webinar type and event type",
  "advanced.manualControl": "Advanced: manual control",
  "advanced.videoOptions": "Advanced: intro and outro videos, high definition, mute all, automatic recording",
};

/**
 * The gate of a timeline editor section, when it has one.
 *
 * @example
 * editorSectionGate("history"); // "editor.history"
 * editorSectionGate("calendar"); // undefined
 */
export function editorSectionGate(section: string): LevelGate | undefined {
  const key = `editor.${section}`;
  return key in LEVEL_GATES ? (key as LevelGate) : undefined;
}

/**
 * Whether a user at `level` sees what `gate` guards (no gate: everyone does).
 *
 * @example
 * levelAllows("advanced", "editor.history"); // true
 * levelAllows("beginner", "developer"); // false
 */
export function levelAllows(level: string | null | undefined, gate: LevelGate | undefined): boolean {
  return gate === undefined || meetsExperienceLevel(level, LEVEL_GATES[gate]);
}
