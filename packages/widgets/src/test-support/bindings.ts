import { cleanup as cleanupPreact, render as renderPreact } from "@testing-library/preact";
import { cleanup as cleanupReact, render as renderReact } from "@testing-library/react";
import { h } from "preact";
import { createElement } from "react";
import { liteComponent, liteRuntime } from "../embed/liteRuntime.js";
import * as preactEntry from "../preact/index.js";
import * as reactEntry from "../react/index.js";
import { mediaPickerComponent } from "../ui/MediaPicker.js";
import { registrationFormComponent } from "../ui/RegistrationForm.js";
import { timelineViewerComponent } from "../ui/TimelineViewer.js";

type Entry = typeof preactEntry & typeof reactEntry;

/** One framework binding under test: its entry and how to mount a component of it. */
export interface Binding {
  name: "react" | "preact" | "embed";
  entry: Entry;
  /** Mounts `Component` with `props`; answers the container. */
  mount<P extends object>(Component: (props: P) => unknown, props: P): HTMLElement;
  unmountAll(): void;
}

/**
 * Every binding: behaviour tests run once per binding with `describe.each(BINDINGS)`, so the React
 * and the Preact components, and the components on embed.js's own small hooks (Preact without
 * `preact/hooks`, see embed/liteRuntime.ts), pass the very same tests.
 */
export const BINDINGS: Binding[] = [
  {
    name: "react",
    entry: reactEntry as Entry,
    mount: (Component, props) =>
      renderReact(createElement(Component as unknown as (p: object) => null, props)).container,
    unmountAll: cleanupReact,
  },
  {
    name: "preact",
    entry: preactEntry as Entry,
    mount: (Component, props) =>
      renderPreact(h(Component as unknown as (p: object) => null, props)).container as HTMLElement,
    unmountAll: cleanupPreact,
  },
  {
    name: "embed",
    entry: {
      ...preactEntry,
      RegistrationForm: liteComponent(registrationFormComponent(liteRuntime)),
      TimelineViewer: liteComponent(timelineViewerComponent(liteRuntime)),
      MediaPicker: liteComponent(mediaPickerComponent(liteRuntime)),
    } as unknown as Entry,
    mount: (Component, props) =>
      renderPreact(h(Component as unknown as (p: object) => null, props)).container as HTMLElement,
    unmountAll: cleanupPreact,
  },
];
