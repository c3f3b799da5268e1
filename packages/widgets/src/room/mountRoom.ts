import { h, render, type FunctionComponent } from "preact";
import type { RoomEntry } from "@cuepoint/sdk";
import { preactRuntime } from "../preact/runtime.js";
import { eventRoomComponent, type EventRoomProps } from "../ui/EventRoom.js";

const EventRoom = /* @__PURE__ */ eventRoomComponent(preactRuntime) as FunctionComponent<EventRoomProps>;

/**
 * Mounts the event room in `element` (its `data-token`, `data-entry`, `data-api-url`, and
 * `data-page-title`: the page is the room's own, so its title follows the subject), inside an
 * open shadow root; does nothing without an element or a token, or when it is mounted already.
 *
 * @example
 * mountRoom(document.getElementById("cuepoint-room"), "https://app.example.com/api");
 */
export function mountRoom(element: HTMLElement | null, apiURL: string): void {
  const data = element?.dataset;
  if (!element || !data?.token || element.shadowRoot) return;
  const props: EventRoomProps = {
    token: data.token,
    entry: data.entry === "replay" ? "replay" : ("join" satisfies RoomEntry),
    apiURL: data.apiUrl || apiURL,
    pageTitle: data.pageTitle !== undefined,
  };
  render(h(EventRoom, props), element.attachShadow({ mode: "open" }));
}
