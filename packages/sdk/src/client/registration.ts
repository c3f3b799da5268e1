import type { RegistrationConfig, RegistrationRequest, RegistrationResult } from "../schemas/requests/registration.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { route, type CallOf } from "./route.js";
import type { Success } from "./types.js";

export interface RegistrationResource {
  /**
   * `GET /public/timelines/{id}/registration`: what a timeline's registration form shows (fields,
   * sessions, whitelist answer). Public: no token needed; answered to any site's page.
   *
   * @example
   * const { success: form } = await client.registration.config(timelineId)
   * if (!form.open) showClosed()
   */
  config(timelineId: string): CuepointPromise<Success<RegistrationConfig>>;
  /**
   * `POST /public/timelines/{id}/registrations`: registers a visitor (201 new, 200 when this email
   * already took this session). Public. Failures reject with an `ApiError` whose `field` names the
   * field to fix (`email`, `fields.company`, `eventId`...).
   *
   * @example
   * const { success } = await client.registration.register(timelineId, { name: "Ann", email: "ann@example.com" })
   * location.assign(success.joinUrl)
   */
  register(timelineId: string, body: RegistrationRequest): CuepointPromise<Success<RegistrationResult>>;
}

/**
 * `GET /public/timelines/{id}/registration`: what a timeline's registration form shows (fields,
 * sessions, whitelist answer). Public: no token needed; answered to any site's page.
 *
 * @example
 * const { success: form } = await registrationConfig(client, timelineId)
 * if (!form.open) showClosed()
 */
export const registrationConfig: CallOf<RegistrationResource["config"]> = /* @__PURE__ */ route("GET /public/timelines/{id}/registration");

/**
 * `POST /public/timelines/{id}/registrations`: registers a visitor (201 new, 200 when this email
 * already took this session). Public. Failures reject with an `ApiError` whose `field` names the
 * field to fix (`email`, `fields.company`, `eventId`...).
 *
 * @example
 * const { success } = await registrationRegister(client, timelineId, { name: "Ann", email: "ann@example.com" })
 * location.assign(success.joinUrl)
 */
export const registrationRegister: CallOf<RegistrationResource["register"]> = /* @__PURE__ */ route("POST /public/timelines/{id}/registrations");

/**
 * The public registration endpoints the registration widget uses (_design_: the spec shows only the
 * host side; see the README's "Public registration" table). A client with no token is enough;
 * in a page on another site pass `xsrf: false`, so the page's own XSRF cookie is not sent along.
 */
export const registration = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): RegistrationResource =>
  group<RegistrationResource>(call, {
    config: registrationConfig,
    register: registrationRegister,
  });
