import { batch, computed, signal, type ReadonlySignal } from "../signals.js";
import {
  BUILT_IN_REGISTRATION_FIELDS,
  checkRegistrationField,
  isCuepointError,
  type CustomFormField,
  type RegistrationConfig,
  type RegistrationRequest,
  type RegistrationResult,
} from "@cuepoint/sdk";
import { createEmitter, type Emitter } from "../emitter.js";
import { detectTimeZone, timeZoneChoices } from "./timeZones.js";
import type { RegistrationApi, RegistrationFormEvents, RegistrationPrefill, RegistrationStatus } from "./types.js";

export interface RegistrationFormOptions {
  timelineId: string;
  api: RegistrationApi;
  prefill?: RegistrationPrefill;
  /** The zone session times are shown in at first; the visitor's detected zone by default. */
  timeZone?: string;
  /** An http(s) address to go to once registered, instead of the confirmation. Nothing is added to it. */
  redirect?: string;
  /** How to go to `redirect`; `location.assign` by default. */
  navigate?: (url: string) => void;
  /** A host's preview: `submit` checks every field as usual but registers nobody (no call, no events). */
  preview?: boolean;
}

/** A field's value: text, or a checkbox's state. */
export type FieldValue = string | boolean;

export interface RegistrationFormCore {
  readonly timelineId: string;
  readonly status: ReadonlySignal<RegistrationStatus>;
  readonly config: ReadonlySignal<RegistrationConfig | null>;
  /** The fields the form shows: hidden fields left out, {@link SMS_CONSENT_FIELD} after the phone. */
  readonly visibleFields: ReadonlySignal<CustomFormField[]>;
  readonly values: ReadonlySignal<Record<string, FieldValue>>;
  /** Errors by field name (`eventId` for the session). */
  readonly errors: ReadonlySignal<Record<string, string>>;
  /** A problem with the whole form (closed, whitelist, network, rate limit). */
  readonly message: ReadonlySignal<string>;
  /** Text for the screen-reader live region: what just happened. */
  readonly announcement: ReadonlySignal<string>;
  readonly eventId: ReadonlySignal<string>;
  /** The zone session times are shown in, sent as the registrant's (the engine's quiet hours for texts). */
  readonly timeZone: ReadonlySignal<string>;
  /** The zones the visitor may pick: the first shown, the timeline's and the sessions', then the rest. */
  readonly timeZones: ReadonlySignal<string[]>;
  readonly result: ReadonlySignal<RegistrationResult | null>;
  load(): Promise<void>;
  setValue(name: string, value: FieldValue): void;
  /** Checks one field (on blur), showing its error inline. */
  touch(name: string): void;
  selectSession(eventId: string): void;
  setTimeZone(zone: string): void;
  /** Checks every field and registers; resolves the registration, or undefined when it did not happen. */
  submit(): Promise<RegistrationResult | undefined>;
  on: Emitter<RegistrationFormEvents>["on"];
  /** Drops the listeners. */
  dispose(): void;
}

const isBuiltIn = (name: string): name is "name" | "email" | "phone" =>
  (BUILT_IN_REGISTRATION_FIELDS as readonly string[]).includes(name);
export const CLOSED_MESSAGE = "Registration for this webinar is closed.";
export const NOT_WHITELISTED_MESSAGE = "Origin domain is not on this timeline's whitelist";
export const CHOOSE_SESSION_MESSAGE = "Choose a session to register for.";
export const PREVIEW_MESSAGE = "Preview: the form is filled in correctly. Nothing was sent.";
/**
 * The SMS consent box a form with a phone field shows after it: unticked until the visitor ticks
 * it (consent is never assumed), its value sent as `smsConsent`, not among the custom answers.
 */
export const SMS_CONSENT_FIELD: CustomFormField = {
  name: "smsConsent",
  label: "Send me text message reminders",
  type: "checkbox",
  required: false,
};

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);
const plural = (count: number) => (count === 1 ? "1 field needs" : `${count} fields need`);

/**
 * The behaviour of a registration form, framework-free: loads the timeline's public config,
 * holds the values, validates with the SDK's registration rules (`checkRegistrationField`),
 * registers, and says what happened (signals for views, typed events for pages). A view only
 * renders the signals and calls the methods.
 *
 * @example
 * const form = createRegistrationForm({ timelineId, api: client.registration });
 * form.on("registered", ({ registrantId }) => console.log(registrantId));
 * await form.load();
 * form.setValue("email", "ann@example.com");
 * await form.submit();
 */
/* @__NO_SIDE_EFFECTS__ */
export function createRegistrationForm(options: RegistrationFormOptions): RegistrationFormCore {
  const { timelineId, api, prefill = {} } = options;
  const events = createEmitter<RegistrationFormEvents>();
  const status = signal<RegistrationStatus>("loading");
  const config = signal<RegistrationConfig | null>(null);
  const values = signal<Record<string, FieldValue>>({});
  const errors = signal<Record<string, string>>({});
  const message = signal("");
  const announcement = signal("");
  const eventId = signal("");
  const timeZone = signal(options.timeZone || detectTimeZone());
  const result = signal<RegistrationResult | null>(null);
  const visibleFields = computed(() =>
    (config.value?.fields ?? []).flatMap((field) =>
      field.type === "hidden" ? [] : field.name === "phone" ? [field, SMS_CONSENT_FIELD] : [field],
    ),
  );
  const timeZones = computed(() => {
    const form = config.value;
    return form ? timeZoneChoices([timeZone.peek(), form.timeZone, ...form.sessions.map((session) => session.timeZone)]) : [];
  });

  const fieldOf = (name: string) => config.peek()?.fields.find((field) => field.name === name);
  const setError = (name: string, text?: string) => {
    const next = { ...errors.peek() };
    if (text) next[name] = text;
    else delete next[name];
    errors.value = next;
  };
  /** Checks field `name` as it stands now, showing or clearing its error. */
  const recheck = (name: string) => {
    const field = fieldOf(name);
    const checked = field && checkRegistrationField(field, values.peek()[name]);
    if (checked) setError(name, checked.ok ? undefined : checked.message);
  };
  /** The `error` event of a failure: the server's (or the SDK's) message and field, else `fallback`. */
  const problem = (error: unknown, fallback: string): RegistrationFormEvents["error"] =>
    isCuepointError(error)
      ? { timelineId, message: error.message, status: error.status, ...(error.field && { field: error.field }) }
      : { timelineId, message: fallback };

  const initialValues = (fields: readonly CustomFormField[]): Record<string, FieldValue> =>
    Object.fromEntries(
      fields.map((field) => [
        field.name,
        (isBuiltIn(field.name) ? prefill[field.name] : prefill.fields?.[field.name]) ?? (field.type === "checkbox" ? false : ""),
      ]),
    );

  const core: RegistrationFormCore = {
    timelineId,
    status,
    config,
    visibleFields,
    values,
    errors,
    message,
    announcement,
    eventId,
    timeZone,
    timeZones,
    result,
    async load() {
      batch(() => {
        status.value = "loading";
        message.value = "";
      });
      try {
        const { success } = await api.config(timelineId);
        const blocked = success.whitelist.enabled && !success.whitelist.allowed;
        const next: RegistrationStatus = blocked ? "blocked" : success.open ? "ready" : "closed";
        batch(() => {
          config.value = success;
          values.value = initialValues(success.fields);
          eventId.value = success.sessions[0]?.eventId ?? "";
          message.value = blocked ? NOT_WHITELISTED_MESSAGE : success.open ? "" : CLOSED_MESSAGE;
          status.value = next;
        });
        events.emit("ready", { timelineId, status: next, config: success });
      } catch (error) {
        const detail = problem(error, "The registration form could not be loaded.");
        batch(() => {
          message.value = detail.message;
          status.value = "failed";
        });
        events.emit("error", detail);
      }
    },
    setValue(name, value) {
      values.value = { ...values.peek(), [name]: value };
      // Once a field shows an error, it is checked as the visitor fixes it.
      if (errors.peek()[name]) recheck(name);
    },
    touch(name) {
      const current = values.peek()[name];
      // An untouched blank field is not an error yet.
      if (current !== "" && current !== false) recheck(name);
    },
    selectSession(id) {
      batch(() => {
        eventId.value = id;
        setError("eventId");
      });
    },
    setTimeZone(zone) {
      timeZone.value = zone;
    },

    async submit() {
      const form = config.peek();
      if (!form || status.peek() !== "ready") return undefined;
      // One pass checks every field and builds the request from the values as checked (trimmed
      // text, checkboxes as "true"/"false": what the server stores).
      const found: Record<string, string> = {};
      const fields: Record<string, string> = {};
      const request: RegistrationRequest & Record<string, unknown> = {
        name: "",
        email: "",
        phone: "",
        fields,
        // The zone shown (detected or chosen) is the registrant's: the engine keeps texts out of its night.
        timeZone: timeZone.peek(),
        // Unticked, or no box (no phone field): no consent.
        smsConsent: values.peek()[SMS_CONSENT_FIELD.name] === true,
      };
      for (const field of form.fields) {
        const checked = checkRegistrationField(field, values.peek()[field.name]);
        if (!checked.ok) found[field.name] = checked.message;
        else (isBuiltIn(field.name) ? request : fields)[field.name] = checked.value;
      }
      const multi = form.type === "multi-option";
      if (multi) {
        request.eventId = eventId.peek();
        if (!form.sessions.some((session) => session.eventId === request.eventId)) found.eventId = CHOOSE_SESSION_MESSAGE;
      }
      const problems = Object.values(found);
      if (problems.length > 0) {
        batch(() => {
          errors.value = found;
          announcement.value = `${plural(problems.length)} attention: ${problems.join(" ")}`;
        });
        return undefined;
      }
      if (options.preview) {
        batch(() => {
          errors.value = {};
          message.value = announcement.value = PREVIEW_MESSAGE;
        });
        return undefined;
      }
      batch(() => {
        errors.value = {};
        message.value = "";
        status.value = "submitting";
        announcement.value = "Registering…";
      });
      events.emit("submitting", { timelineId, ...(multi && { eventId: request.eventId }) });
      try {
        const { success } = await api.register(timelineId, request);
        batch(() => {
          result.value = success;
          status.value = "registered";
          announcement.value = "You are registered.";
        });
        // Not the personal joinUrl and replayUrl: a page's analytics hears this.
        events.emit("registered", {
          timelineId,
          registrantId: success.registrantId,
          eventId: success.eventId,
          startTime: success.startTime,
          created: success.created,
        });
        if (options.redirect && isHttpUrl(options.redirect)) {
          (options.navigate ?? ((url) => globalThis.location.assign(url)))(options.redirect);
        }
        return success;
      } catch (error) {
        const detail = problem(error, "The registration could not be sent. Try again.");
        const text = detail.message;
        const field = detail.field?.replace(/^fields\./, "");
        const onField = field !== undefined && (field === "eventId" || fieldOf(field) !== undefined);
        batch(() => {
          status.value = "ready";
          if (onField) setError(field, text);
          else message.value = text;
          announcement.value = text;
        });
        events.emit("error", detail);
        return undefined;
      }
    },
    on: events.on,
    dispose: events.clear,
  };
  return core;
}
