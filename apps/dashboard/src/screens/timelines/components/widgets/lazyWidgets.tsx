import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from "react";
import "./widgets.css";

/*
 * The @cuepoint/widgets React components, loaded on first render: their code stays out of the
 * entry chunk and out of the screens' own chunks until a screen shows one (one shared chunk).
 */

const load = () => import("@cuepoint/widgets/react");
type Widgets = Awaited<ReturnType<typeof load>>;

function lazyWidget<K extends "RegistrationForm" | "TimelineViewer" | "MediaPicker">(name: K) {
  return lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<ComponentProps<Widgets[K]>> }));
}

const LazyRegistrationForm = lazyWidget("RegistrationForm");
const LazyTimelineViewer = lazyWidget("TimelineViewer");
const LazyMediaPicker = lazyWidget("MediaPicker");

/** While a widget's code loads. */
function Loading({ label }: { label: string }) {
  return (
    <div className="list-state" role="status">
      <div className="spinner" aria-hidden="true" />
      Loading the {label}…
    </div>
  );
}

/** A widget in the dashboard's theme (see widgets.css), with its loading state. */
function Themed({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cuepoint-themed widget-frame">
      <Suspense fallback={<Loading label={label} />}>{children}</Suspense>
    </div>
  );
}

/**
 * The registration form widget, themed like the dashboard.
 *
 * @example
 * <RegistrationFormWidget timelineId={id} apiURL={apiURL} preview />
 */
export function RegistrationFormWidget(props: ComponentProps<Widgets["RegistrationForm"]>) {
  return <Themed label="registration form"><LazyRegistrationForm {...props} /></Themed>;
}

/**
 * The timeline viewer widget (read-only unless `editable`), themed like the dashboard.
 *
 * @example
 * <TimelineViewerWidget blocks={template.timelineNodes ?? {}} title="Actions" />
 */
export function TimelineViewerWidget(props: ComponentProps<Widgets["TimelineViewer"]>) {
  return <Themed label="timeline"><LazyTimelineViewer {...props} /></Themed>;
}

/**
 * The media picker widget, themed like the dashboard.
 *
 * @example
 * <MediaPickerWidget client={client} type="audio" onPick={([item]) => choose(item)} />
 */
export function MediaPickerWidget(props: ComponentProps<Widgets["MediaPicker"]>) {
  return <Themed label="media library"><LazyMediaPicker {...props} /></Themed>;
}
