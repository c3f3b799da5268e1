// The event's time as merge tags write it lives in the SDK (messages/eventTime.ts), shared with the
// dashboard's preview; re-exported for the engine's older imports.
export { formatEventTime, isKnownZone, readerZone, type EventTimeText } from "@cuepoint/sdk";
