/**
 * `@cuepoint/widgets`: the framework-free cores of the widgets (state as signals, typed events),
 * for building another view or driving a widget from tests. The components are in
 * `@cuepoint/widgets/react` and `@cuepoint/widgets/preact`; the script tag is `embed.js`.
 */
export { createEmitter, type Emitter, type Listener } from "./core/emitter.js";
export { batch, computed, effect, signal, Signal, type ReadonlySignal } from "./core/signals.js";
export { createLiteFetcher } from "./core/liteFetcher.js";
export {
  CHOOSE_SESSION_MESSAGE,
  CLOSED_MESSAGE,
  NOT_WHITELISTED_MESSAGE,
  SMS_CONSENT_FIELD,
  createRegistrationForm,
  type FieldValue,
  type RegistrationFormCore,
  type RegistrationFormOptions,
} from "./core/registration/createRegistrationForm.js";
export { detectTimeZone, formatSessionTime, isTimeZone, timeZoneChoices } from "./core/registration/timeZones.js";
export {
  createTimelineViewer,
  describeNode,
  type TimelineSections,
  type TimelineViewerCore,
  type TimelineViewerOptions,
  type ViewerNode,
} from "./core/timeline/createTimelineViewer.js";
export {
  createMediaPicker,
  type MediaPickerCore,
  type MediaPickerOptions,
  type PickerMediaType,
} from "./core/media/createMediaPicker.js";
export {
  createEventRoom,
  type EventRoomCore,
  type EventRoomOptions,
} from "./core/room/createEventRoom.js";
export { createPlayer, LIVE_TOLERANCE, type PlayerCore, type PlayerOptions } from "./core/room/createPlayer.js";
export { attachStream, loadHlsScript, type HlsClass, type LoadHls, type StreamOptions } from "./core/room/attachStream.js";
export { roomApi } from "./core/room/roomApi.js";
export type { ChatItem, CtaItem, EventSourceLike, RoomApi, RoomStatus } from "./core/room/types.js";
export { ICON_GLYPHS } from "./ui/icons.js";
export { CSS, LIST_CSS, adoptStyles } from "./ui/styles.js";
export { ROOM_CSS, ROOM_SHEET } from "./ui/EventRoomStyles.js";
export { QUEUE_SNIPPET } from "./embed/queue.js";
export type { Runtime } from "./ui/runtime.js";
export * from "./core/types.js";
