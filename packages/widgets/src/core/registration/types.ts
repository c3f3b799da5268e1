import type { RegistrationConfig, RegistrationRequest, RegistrationResult, Success } from "@cuepoint/sdk";

/**
 * The two public calls a registration form makes: the SDK client's `registration` group
 * (`client.registration`) or `registrationResource(createLiteFetcher(apiURL))`.
 */
export interface RegistrationApi {
  config(timelineId: string): Promise<Success<RegistrationConfig>>;
  register(timelineId: string, body: RegistrationRequest): Promise<Success<RegistrationResult>>;
}

/**
 * Where a form stands: `loading` the config, `ready` to fill in, `closed` (registration closed or no
 * session left), `blocked` (this page is not on the timeline's whitelist), `submitting`,
 * `registered` (the confirmation), `failed` (the config could not be loaded).
 */
export type RegistrationStatus = "loading" | "ready" | "closed" | "blocked" | "submitting" | "registered" | "failed";

/** Values a page puts in the form before the visitor types: by props or data attributes, never a URL. */
export interface RegistrationPrefill {
  name?: string;
  email?: string;
  phone?: string;
  /** Custom fields' values by field name. */
  fields?: Record<string, string | boolean>;
}

/** The events of one form instance. */
export interface RegistrationFormEvents {
  /** The config is loaded and the form is shown (also when it is closed or blocked: see `status`). */
  ready: { timelineId: string; status: RegistrationStatus; config: RegistrationConfig };
  /** The registration is being sent. */
  submitting: { timelineId: string; eventId?: string };
  /** The visitor is registered (`created` is false when this email had registered for that session already). */
  registered: { timelineId: string; registrantId: string; eventId: string; startTime: string; created: boolean };
  /** Loading or registering failed; `field` names the field to fix when the server named one. */
  error: { timelineId: string; message: string; field?: string; status?: number };
}

export type { RegistrationConfig, RegistrationResult };
