import {
  createRegistrationForm,
  type RegistrationFormCore,
} from "../core/registration/createRegistrationForm.js";
import { formatSessionTime } from "../core/registration/timeZones.js";
import type {
  RegistrationApi,
  RegistrationFormEvents,
  RegistrationPrefill,
} from "../core/registration/types.js";
import { createLiteFetcher } from "../core/liteFetcher.js";
import { registrationResource } from "@cuepoint/sdk";
import { renderField } from "./fields.js";
import type { Runtime } from "./runtime.js";
import { adoptStyles } from "./styles.js";
import { useSignals } from "./useSignal.js";

export interface RegistrationFormProps {
  /** The timeline whose registration form to show. */
  timelineId: string;
  /** The API's base address, e.g. `https://app.example.com/api` (the widget calls its public endpoints). */
  apiURL?: string;
  /** Or an SDK client (`createClient(...)`): its `registration` group is used. */
  client?: { registration: RegistrationApi };
  /** Values to start with (never read from or put in a URL). */
  prefill?: RegistrationPrefill;
  /** The zone to show session times in at first; the visitor's detected zone by default. */
  timeZone?: string;
  /** An http(s) address to go to once registered, instead of the confirmation. */
  redirect?: string;
  /** Locale for dates and times (the browser's by default). */
  locale?: string;
  /** The heading; the timeline's name by default. */
  title?: string;
  /** The submit button's text; "Register" by default. */
  submitLabel?: string;
  /** Height in px reserved while loading and in a server render (420 by default). */
  placeholderHeight?: number;
  /** A host's preview (the dashboard's editor): submitting checks the fields but registers nobody. */
  preview?: boolean;
  onReady?: (detail: RegistrationFormEvents["ready"]) => void;
  onSubmitting?: (detail: RegistrationFormEvents["submitting"]) => void;
  onRegistered?: (detail: RegistrationFormEvents["registered"]) => void;
  onError?: (detail: RegistrationFormEvents["error"]) => void;
}

/** The form's events; each is heard by its {@link eventProp} (`ready` → `onReady`). */
export const REGISTRATION_EVENTS = ["ready", "submitting", "registered", "error"] as const;
/**
 * The prop that hears a form event: `on` + its name capitalised.
 *
 * @example
 * eventProp("registered"); // "onRegistered"
 */
export const eventProp = (type: string) => `on${type[0]?.toUpperCase()}${type.slice(1)}` as keyof RegistrationFormProps;
type Handler = ((detail: unknown) => void) | undefined;

/** The api a form talks to: the given client's, else the public endpoints at `apiURL`. */
function apiOf(props: RegistrationFormProps): RegistrationApi {
  if (props.client) return props.client.registration;
  if (!props.apiURL) throw new Error("RegistrationForm needs an apiURL or a client.");
  return registrationResource(createLiteFetcher(props.apiURL));
}

/**
 * Builds the registration form component for a framework (see `Runtime`). The form loads the
 * timeline's public config after mount; until then (and in a server render) it renders a
 * placeholder of `placeholderHeight` px, so the page does not jump.
 */
/* @__NO_SIDE_EFFECTS__ */
export function registrationFormComponent(rt: Runtime) {
  const { h } = rt;
  return function RegistrationForm(props: RegistrationFormProps): unknown {
    // The props the core reads have its options' names (timelineId, prefill, timeZone, redirect, preview).
    const [core] = rt.useState<RegistrationFormCore>(() => createRegistrationForm({ ...props, api: apiOf(props) }));
    const root = rt.useRef<HTMLElement | null>(null);
    const latest = rt.useRef(props);
    latest.current = props;
    const id = rt.useId(); // React's ":r0:" is a valid id too (ids are only referenced, never queried)

    rt.useEffect(() => {
      adoptStyles(root.current);
      for (const type of REGISTRATION_EVENTS) core.on(type, (detail) => (latest.current[eventProp(type)] as Handler)?.(detail));
      void core.load();
      return core.dispose; // the form's own core: no one else listens to it
    }, [core]);
    useSignals(rt, core);

    const status = core.status.value;
    const config = core.config.value;
    const live = h("p", { className: "cp-sr", role: "status", "aria-live": "polite" }, core.announcement.value);
    const alert = () => h("p", { className: "cp-alert", role: "alert" }, core.message.value);
    const busy = status === "submitting";
    // One root for every state (aria-* booleans render as "true"/"false" in React and Preact alike);
    // until the config is there (and in a server render) it reserves `placeholderHeight` px.
    const shell = (...children: unknown[]) =>
      h(
        "div",
        {
          ref: root,
          className: "cp cp-registration",
          "data-status": status,
          "aria-busy": busy || status === "loading",
          style: config ? undefined : { minHeight: `${props.placeholderHeight ?? 420}px` },
        },
        ...children,
        live,
      );

    if (!config) {
      return shell(status === "failed" ? alert() : h("span", { className: "cp-sr" }, "Loading the registration form…"));
    }

    const zone = core.timeZone.value;
    const time = (startTime: string) =>
      h("time", { dateTime: startTime }, formatSessionTime(startTime, zone, props.locale));
    const title = h("h2", null, props.title ?? config.name);
    const result = core.result.value;
    if (status === "registered" && result) {
      return shell(
        title,
        h("p", null, h("strong", null, "You are registered."), " ", time(result.startTime)),
        h("p", null, h("a", { href: result.joinUrl }, "Your link to join")),
      );
    }
    if (status === "closed" || status === "blocked") {
      return shell(title, alert());
    }

    const sessionError = core.errors.value.eventId;
    const sessions =
      config.type === "multi-option"
        ? h(
            "fieldset",
            {
              className: "cp-field",
              "aria-describedby": sessionError && `${id}-session-error`,
              "aria-invalid": !!sessionError,
            },
            h("legend", null, "Choose a session"),
            ...config.sessions.map((session) =>
              h(
                "div",
                { key: session.eventId, className: "cp-check" },
                h("input", {
                  type: "radio",
                  id: `${id}-s-${session.eventId}`,
                  name: `${id}-session`,
                  checked: core.eventId.value === session.eventId,
                  onChange: () => core.selectSession(session.eventId),
                }),
                h(
                  "label",
                  { htmlFor: `${id}-s-${session.eventId}` },
                  time(session.startTime),
                  session.name && ` — ${session.name}`,
                ),
              ),
            ),
            h("p", { id: `${id}-session-error`, className: "cp-error" }, sessionError),
          )
        : config.sessions[0] &&
          h(
            "p",
            { className: "cp-field" },
            "Starts ",
            time(config.sessions[0].startTime),
          );

    const onSubmit = (event: Event) => {
      event.preventDefault();
      void core.submit().then((done) => {
        if (done) return;
        // Move focus to the first field to fix, once the errors are on screen (a group of radio
        // buttons, the session's or a custom field's, is invalid as a fieldset: its first button).
        setTimeout(() => {
          const first = root.current?.querySelector<HTMLElement>("[aria-invalid=true]");
          (first?.tagName === "FIELDSET" ? first.querySelector<HTMLElement>("input") : first)?.focus();
        });
      });
    };

    return shell(
      h(
        "form",
        { noValidate: true, onSubmit },
        title,
        core.message.value && alert(),
        ...core.visibleFields.value.map((field) =>
          renderField(rt, core, field, `${id}-${field.name}`),
        ),
        sessions,
        config.sessions[0] &&
          h(
            "div",
            { className: "cp-field" },
            h("label", { htmlFor: `${id}-zone` }, "Times shown in"),
            h(
              "select",
              { id: `${id}-zone`, value: zone, onChange: (event: Event) => core.setTimeZone((event.currentTarget as HTMLSelectElement).value) },
              ...core.timeZones.value.map((name) => h("option", { key: name, value: name }, name.replace(/_/g, " "))),
            ),
          ),
        h("button", { type: "submit", disabled: busy }, busy ? "Registering…" : (props.submitLabel ?? "Register")),
      ),
    );
  };
}
