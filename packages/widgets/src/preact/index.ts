/**
 * `@cuepoint/widgets/preact`: the widgets as Preact components (Preact 10.19+ or 11).
 *
 * @example
 * import { RegistrationForm } from "@cuepoint/widgets/preact";
 * render(<RegistrationForm apiURL="https://app.example.com/api" timelineId={id} />, element);
 */
import type { VNode } from "preact";
import { registrationFormComponent, type RegistrationFormProps } from "../ui/RegistrationForm.js";
import { mediaPickerComponent, type MediaPickerProps } from "../ui/MediaPicker.js";
import { timelineViewerComponent, type TimelineViewerProps } from "../ui/TimelineViewer.js";
import { eventRoomComponent, type EventRoomProps } from "../ui/EventRoom.js";
import { preactRuntime } from "./runtime.js";

/** The registration form (see `RegistrationFormProps`). */
export const RegistrationForm = /* @__PURE__ */ registrationFormComponent(preactRuntime) as (
  props: RegistrationFormProps,
) => VNode;

/** The timeline viewer, read-only or editable (see `TimelineViewerProps`). */
export const TimelineViewer = /* @__PURE__ */ timelineViewerComponent(preactRuntime) as (props: TimelineViewerProps) => VNode;

/** The media picker (see `MediaPickerProps`). */
export const MediaPicker = /* @__PURE__ */ mediaPickerComponent(preactRuntime) as (props: MediaPickerProps) => VNode;

/** The event room: a registrant's page from the confirmation to the replay (see `EventRoomProps`). */
export const EventRoom = /* @__PURE__ */ eventRoomComponent(preactRuntime) as (props: EventRoomProps) => VNode;

export type { EventRoomProps, MediaPickerProps, RegistrationFormProps, TimelineViewerProps };
export * from "../core/types.js";
