import { Link } from "wouter";
import { href } from "../../../config/paths.js";
import { editorSectionGate } from "../../../lib/level/levelGates.js";
import { useAllows } from "../../../lib/level/useLevel.js";

/** The editor's sections: the action timeline, the eight settings of spec §2 and the autoresponder's emails (spec §3), history and events. */
export const SETTINGS_SECTIONS = [
  { id: "calendar", label: "Calendar" },
  { id: "event-info", label: "Event info" },
  { id: "integrations", label: "Integrations" },
  { id: "registration", label: "Registration" },
  { id: "autoresponder", label: "Autoresponder emails" },
  { id: "advanced", label: "Advanced" },
  { id: "multi-event", label: "Multi-event days" },
  { id: "audience", label: "Audience" },
  { id: "templates", label: "Templates" },
  { id: "code", label: "Code" },
] as const;

export type EditorSection = "actions" | "history" | "events" | (typeof SETTINGS_SECTIONS)[number]["id"];

const ALL: readonly string[] = ["actions", "history", "events", ...SETTINGS_SECTIONS.map((s) => s.id)];

/** The section named in the query, else the action timeline. @example sectionOf("history") // "history" */
export const sectionOf = (value: string | null): EditorSection => (value && ALL.includes(value) ? (value as EditorSection) : "actions");

/** The editor's side menu (spec §2 "Timeline editor side menu"), one link per section. */
export function EditorMenu({ id, current }: { id: string; current: EditorSection }) {
  const allows = useAllows();
  const item = (section: EditorSection, label: string) => allows(editorSectionGate(section)) && (
    <li key={section}>
      <Link href={href("timelines-id___en-US", { id }, section === "actions" ? {} : { section })} className="editor-link" aria-current={current === section ? "page" : undefined}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav className="editor-menu" aria-label="Timeline editor">
      <ul>
        {item("actions", "Action timeline")}
        <li>
          <span className="editor-menu-heading" id="editor-settings-heading">Timeline Settings</span>
          <ul aria-labelledby="editor-settings-heading">{SETTINGS_SECTIONS.map((s) => item(s.id, s.label))}</ul>
        </li>
        {item("history", "Version History")}
        {item("events", "Scheduled Events")}
      </ul>
    </nav>
  );
}
