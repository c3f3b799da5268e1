/**
 * `@cuepoint/widgets/react`: the widgets as React components (React 18 or 19).
 *
 * @example
 * import { RegistrationForm } from "@cuepoint/widgets/react";
 * <RegistrationForm apiURL="https://app.example.com/api" timelineId={id} onRegistered={(r) => track(r.registrantId)} />
 */
import type { ReactElement } from "react";
import { registrationFormComponent, type RegistrationFormProps } from "../ui/RegistrationForm.js";
import { mediaPickerComponent, type MediaPickerProps } from "../ui/MediaPicker.js";
import { timelineViewerComponent, type TimelineViewerProps } from "../ui/TimelineViewer.js";
import { eventRoomComponent, type EventRoomProps } from "../ui/EventRoom.js";
import { reactRuntime } from "./runtime.js";

/** The registration form (see `RegistrationFormProps`). */
export const RegistrationForm = /* @__PURE__ */ registrationFormComponent(reactRuntime) as (
  props: RegistrationFormProps,
) => ReactElement;

/** The timeline viewer, read-only or editable (see `TimelineViewerProps`). */
export const TimelineViewer = /* @__PURE__ */ timelineViewerComponent(reactRuntime) as (props: TimelineViewerProps) => ReactElement;

/** The media picker (see `MediaPickerProps`). */
export const MediaPicker = /* @__PURE__ */ mediaPickerComponent(reactRuntime) as (props: MediaPickerProps) => ReactElement;

/** The event room: a registrant's page from the confirmation to the replay (see `EventRoomProps`). */
export const EventRoom = /* @__PURE__ */ eventRoomComponent(reactRuntime) as (props: EventRoomProps) => ReactElement;

export type { EventRoomProps, MediaPickerProps, RegistrationFormProps, TimelineViewerProps };
export * from "../core/types.js";
