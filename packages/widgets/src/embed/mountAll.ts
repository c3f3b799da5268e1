import { h, render } from "preact";
import type { RegistrationFormEvents, RegistrationPrefill } from "../core/types.js";
import {
  eventProp,
  REGISTRATION_EVENTS,
  registrationFormComponent,
  type RegistrationFormProps,
} from "../ui/RegistrationForm.js";
import { liteComponent, liteRuntime } from "./liteRuntime.js";

type EventName = keyof RegistrationFormEvents;
/** A page's `cuepoint("on", event, listener)` listener: the event's detail and the form's element. */
export type GlobalListener = (detail: RegistrationFormEvents[EventName], element: HTMLElement) => void;

/** The attribute that marks a registration form's place: its value is the timeline id. */
export const REGISTRATION_ATTRIBUTE = "data-cuepoint-registration";

/** What the embed needs from the page it runs in. */
export interface EmbedContext {
  /** The API base for elements without `data-api-url` (from the script's own origin). */
  apiURL: string;
  listeners: Map<EventName, Set<GlobalListener>>;
}

/** The element attributes (`data-time-zone`...) passed on as the props of the same name. */
const PASSED = ["timeZone", "redirect", "locale", "title", "submitLabel"] as const;
/** The shared registration form on Preact without `preact/hooks` (see liteRuntime). */
const RegistrationForm = /* @__PURE__ */ liteComponent(registrationFormComponent(liteRuntime));

const fieldsOf = (json: string | undefined): RegistrationPrefill["fields"] => {
  try {
    return JSON.parse(json as string) as RegistrationPrefill["fields"]; // no attribute: JSON.parse throws too
  } catch {
    return undefined; // an unreadable data-prefill-fields is ignored, the form still works
  }
};

/**
 * Mounts a registration form in every element with `data-cuepoint-registration` not mounted yet,
 * each inside its own open shadow root: the page's CSS cannot reach in and ours stays out of the
 * page (the stylesheet is adopted by the shadow root; nothing goes into the page's head). Each
 * form's events go to the page's `cuepoint("on", ...)` listeners and, as `cuepoint:<event>` DOM
 * events, to the element itself.
 *
 * @example
 * mountAll({ apiURL: "https://app.example.com/api", listeners: new Map() });
 */
export function mountAll(context: EmbedContext, root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${REGISTRATION_ATTRIBUTE}]`)) {
    if (element.shadowRoot) continue; // mounted already (ours is open), or taken by the page
    const data = element.dataset;
    const props: Record<string, unknown> = {
      timelineId: data.cuepointRegistration,
      apiURL: data.apiUrl || context.apiURL,
      prefill: { name: data.prefillName, email: data.prefillEmail, phone: data.prefillPhone, fields: fieldsOf(data.prefillFields) },
    };
    for (const key of PASSED) props[key] = data[key];
    for (const type of REGISTRATION_EVENTS) {
      props[eventProp(type)] = (detail: RegistrationFormEvents[EventName]) => {
        element.dispatchEvent(new CustomEvent(`cuepoint:${type}`, { detail, bubbles: true }));
        for (const listener of context.listeners.get(type) ?? []) listener(detail, element);
      };
    }
    render(h(RegistrationForm, props as unknown as RegistrationFormProps), element.attachShadow({ mode: "open" }));
  }
}
