import { REGISTRATION_HONEYPOT_FIELD, REGISTRATION_RENDERED_FIELD, type CustomFormField } from "@cuepoint/sdk";
import { escapeHtml } from "../../events/pageShell.js";
import { postedName, SMS_CONSENT, type FormErrors, type TypedValues } from "./postedForm.js";

/** A session the form offers, written for people. */
export interface SessionChoice {
  id: string;
  /** The UTC instant (ISO), for `<time datetime>` and the page's script. */
  startsAt: string;
  /** Its start in the zone the server wrote the page in. */
  label: string;
  name: string;
}

/** What the registration form shows. */
export interface FormView {
  /** Where it posts: the hosted page's own URL, or its frame's. */
  action: string;
  fields: readonly CustomFormField[];
  type: "one-time" | "multi-option";
  sessions: readonly SessionChoice[];
  /** Why no one can register now ("" when open): closed by the host, or no session left. */
  closed: string;
  values: TypedValues;
  errors: FormErrors;
  /** The signed render time (renderToken.ts). */
  rendered: string;
}

const CONSENT_LABEL = "Send me text message reminders";

const time = (session: SessionChoice) =>
  `<time datetime="${escapeHtml(session.startsAt)}" data-start>${escapeHtml(session.label)}</time>`;

/** The error line of a field and the attributes that tie it to its input. */
function errorOf(name: string, errors: FormErrors): { line: string; attributes: string } {
  const message = errors[name];
  if (!message) return { line: "", attributes: "" };
  const id = `e-${escapeHtml(name)}`;
  return { line: `<p class="err" id="${id}">${escapeHtml(message)}</p>`, attributes: ` aria-invalid="true" aria-describedby="${id}"` };
}

const INPUT_TYPES: Partial<Record<CustomFormField["type"], string>> = { email: "email", phone: "tel", number: "text", date: "date" };
const AUTOCOMPLETE: Record<string, string> = { name: "name", email: "email", phone: "tel" };

function fieldHtml(field: CustomFormField, values: TypedValues, errors: FormErrors): string {
  const name = postedName(field);
  const id = `f-${escapeHtml(name)}`;
  const label = escapeHtml(field.label || field.name);
  const value = values[name] ?? "";
  const required = field.required || field.name === "email" ? " required" : "";
  const mark = required ? ` <span class="req">(required)</span>` : "";
  const { line, attributes } = errorOf(name, errors);
  const common = `id="${id}" name="${escapeHtml(name)}"${required}${attributes}`;
  if (field.type === "hidden") return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
  if (field.type === "checkbox") {
    const checked = ["true", "on", "1"].includes(value) ? " checked" : "";
    return `<div class="f chk"><input type="checkbox" value="true" ${common}${checked}><label for="${id}">${label}${mark}</label>${line}</div>`;
  }
  if (field.type === "radio") {
    // A group: the legend names it, each button its option; the error is tied to the first one.
    const choices = (field.options ?? [])
      .map((option, index) => {
        const checked = option === value ? " checked" : "";
        const tie = index === 0 ? attributes : "";
        return `<label class="opt"><input type="radio" name="${escapeHtml(name)}" value="${escapeHtml(option)}"${required}${checked}${tie}> ${escapeHtml(option)}</label>`;
      })
      .join("");
    return `<fieldset class="f"><legend>${label}${mark}</legend>${choices}${line}</fieldset>`;
  }
  let control: string;
  if (field.type === "textarea") control = `<textarea ${common} rows="3">${escapeHtml(value)}</textarea>`;
  else if (field.type === "select") {
    const options = (field.options ?? [])
      .map((option) => `<option${option === value ? " selected" : ""}>${escapeHtml(option)}</option>`)
      .join("");
    control = `<select ${common}><option value="">Choose…</option>${options}</select>`;
  } else {
    const type = INPUT_TYPES[field.type] ?? "text";
    const auto = AUTOCOMPLETE[field.name] ? ` autocomplete="${AUTOCOMPLETE[field.name]}"` : "";
    const mode = field.type === "number" ? ` inputmode="decimal"` : "";
    control = `<input type="${type}" ${common} value="${escapeHtml(value)}"${auto}${mode}>`;
  }
  return `<div class="f"><label for="${id}">${label}${mark}</label>${control}${line}</div>`;
}

function sessionsHtml(view: FormView): string {
  const [first] = view.sessions;
  if (view.type === "one-time" || !first) return first ? `<p class="note">You are registering for ${time(first)}.</p>` : "";
  const { line, attributes } = errorOf("eventId", view.errors);
  const choices = view.sessions
    .map((session, index) => {
      const checked = view.values.eventId === session.id || (!view.values.eventId && index === 0) ? " checked" : "";
      return `<label class="opt"><input type="radio" name="eventId" value="${escapeHtml(session.id)}" required${checked}${index === 0 ? attributes : ""}> ${time(session)}</label>`;
    })
    .join("");
  return `<fieldset class="f"><legend>Choose a session <span class="req">(required)</span></legend>${choices}${line}</fieldset>`;
}

/**
 * The registration form as plain HTML: works with JavaScript off (the browser's own checks, then
 * the server's, whose errors come back beside their fields with what was typed), and carries the
 * honeypot and the signed render time. Every text is escaped.
 *
 * @example
 * formHtml({ action: "/register/…", fields, type: "one-time", sessions, closed: "", values: {}, errors: {}, rendered });
 */
export function formHtml(view: FormView): string {
  if (view.closed) return `<p class="note" role="status">${escapeHtml(view.closed)}</p>`;
  const general = view.errors[""];
  const count = Object.keys(view.errors).length;
  const summary = count
    ? `<div class="alert" role="alert" tabindex="-1" id="problems"><p>${count === 1 ? "One thing needs" : `${count} things need`} your attention.</p>` +
      (general ? `<p>${escapeHtml(general)}</p>` : "") +
      `</div>`
    : "";
  const fields = view.fields
    .flatMap((field) => {
      const html = fieldHtml(field, view.values, view.errors);
      if (field.name !== "phone") return [html];
      const consent = ["true", "on"].includes(view.values[SMS_CONSENT] ?? "") ? " checked" : "";
      return [html, `<div class="f chk"><input type="checkbox" id="f-sms" name="${SMS_CONSENT}" value="true"${consent}><label for="f-sms">${CONSENT_LABEL}</label></div>`];
    })
    .join("");
  return (
    `<form method="post" action="${escapeHtml(view.action)}" accept-charset="utf-8">${summary}${sessionsHtml(view)}${fields}` +
    `<input type="hidden" name="timeZone" value="${escapeHtml(view.values.timeZone ?? "")}">` +
    `<input type="hidden" name="${REGISTRATION_RENDERED_FIELD}" value="${escapeHtml(view.rendered)}">` +
    // People never see it (hidden, out of the tab order and of assistive technology); bots fill it in.
    `<div class="hp" aria-hidden="true"><label>Leave this empty <input name="${REGISTRATION_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>` +
    `<button type="submit">Register</button></form>`
  );
}
