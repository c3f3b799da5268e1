import type { ReactNode } from "react";
import { useSearchParams, Link } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { editorSectionGate } from "../../lib/level/levelGates.js";
import { LevelScreen } from "../../lib/level/useLevel.js";
import { Button, PageHeader } from "../../ui/index.js";
import { ActionTimeline } from "./components/ActionTimeline.js";
import { EditorMenu, sectionOf, type EditorSection } from "./components/EditorMenu.js";
import { ScheduledEvents } from "./components/ScheduledEvents.js";
import { AdvancedSection } from "./components/settings/AdvancedSection.js";
import { AudienceSection } from "./components/settings/AudienceSection.js";
import { AutoresponderSection } from "./components/settings/autoresponder/AutoresponderSection.js";
import { CalendarSection } from "./components/settings/CalendarSection.js";
import { CodeSection } from "./components/settings/CodeSection.js";
import { EventInfoSection } from "./components/settings/EventInfoSection.js";
import { IntegrationsSection } from "./components/settings/IntegrationsSection.js";
import { MultiEventSection } from "./components/settings/multiEvent/MultiEventSection.js";
import { RegistrationSection } from "./components/settings/RegistrationSection.js";
import { TemplatesSection } from "./components/settings/TemplatesSection.js";
import { useTimeline, type TimelineState } from "./components/useTimeline.js";
import { VersionHistory } from "./components/VersionHistory.js";
import "./components/timelines.css";

/** The timeline editor (/timelines/{id}?section=…): side menu, action timeline, settings, history, events. */
export default function TimelineEditorScreen({ params }: ScreenProps) {
  const id = params.id ?? "";
  const [search] = useSearchParams();
  const section = sectionOf(search.get("section"));
  const timeline = useTimeline(id);
  const { master } = timeline;

  if (!master) {
    return (
      <>
        <PageHeader title="Timeline" />
        {timeline.status === "error" ? (
          <div className="list-state" role="alert">
            <p>Could not load the timeline: {timeline.error?.message}</p>
            <div className="row" style={{ justifyContent: "center" }}>
              <Button onClick={timeline.reload}>Retry</Button>
              <Link href={href("timelines___en-US")} className="btn">All timelines</Link>
            </div>
          </div>
        ) : (
          <div className="list-state" role="status"><div className="spinner" aria-hidden="true" />Loading the timeline…</div>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={master.timelineName}
        description={master.status === "trash" ? "This timeline is in the trash: restore it from the timelines list to run it again." : master.setting.general.description || undefined}
        actions={<Link href={href("timelines___en-US")} className="btn">All timelines</Link>}
      />
      <div className="editor">
        <EditorMenu id={id} current={section} />
        <div className="editor-body">
          <GatedSection section={section}>
            <SectionView section={section} timeline={timeline} id={id} />
          </GatedSection>
        </div>
      </div>
    </>
  );
}

/** A section the user's experience level hides shows which level shows it (lib/level). */
function GatedSection({ section, children }: { section: EditorSection; children: ReactNode }) {
  const gate = editorSectionGate(section);
  return gate ? <LevelScreen gate={gate}>{children}</LevelScreen> : <>{children}</>;
}

function SectionView({ section, timeline, id }: { section: EditorSection; timeline: TimelineState; id: string }) {
  const { master, blocks, saveSetting, saveBlocks } = timeline;
  if (!master) return null;
  const props = { master, saveSetting };
  switch (section) {
    case "actions":
      return blocks ? <ActionTimeline master={master} blocks={blocks} saveBlocks={saveBlocks} /> : null;
    case "calendar":
      return <CalendarSection {...props} />;
    case "event-info":
      return <EventInfoSection {...props} />;
    case "integrations":
      return <IntegrationsSection {...props} />;
    case "registration":
      return <RegistrationSection {...props} />;
    case "autoresponder":
      return <AutoresponderSection {...props} />;
    case "advanced":
      return <AdvancedSection {...props} />;
    case "multi-event":
      return <MultiEventSection {...props} />;
    case "audience":
      return <AudienceSection {...props} />;
    case "templates":
      return <TemplatesSection />;
    case "code":
      return <CodeSection {...props} />;
    case "history":
      return <VersionHistory id={id} onRestored={timeline.reload} />;
    case "events":
      return <ScheduledEvents id={id} timeline={timeline} />;
  }
}
