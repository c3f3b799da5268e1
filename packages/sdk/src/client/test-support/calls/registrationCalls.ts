import * as R from "../../../schemas/requests/index.js";
import type { CallRow } from "./types.js";

/** The public registration calls the registration widget makes. */
export const registrationCalls: Record<string, CallRow> = {
  "registration.config": {
    call: (c) => c.registration.config("tl 1"),
    method: "GET", path: "/public/timelines/tl%201/registration", encoding: "none",
  },
  "registration.register": {
    schema: R.RegistrationRequestSchema,
    call: (c) => c.registration.register("tl1", { name: "Ann", email: "ann@example.com", fields: { company: "ACME" }, eventId: "e1" }),
    method: "POST", path: "/public/timelines/tl1/registrations", encoding: "json",
    body: { name: "Ann", email: "ann@example.com", fields: { company: "ACME" }, eventId: "e1" },
  },
};
