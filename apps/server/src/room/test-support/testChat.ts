import { ApiError, createClient, type Client } from "@cuepoint/sdk";
import type { TimelineMasterSettingInput } from "@cuepoint/sdk";
import type { RoomSignal } from "../bus/roomBus.js";
import { createUser } from "../../users/users.js";
import type { RoomTest } from "./testRoom.js";

let counter = 0;

/** A host: an account with a logged-in user, and the SDK client talking to the app in-process. */
export async function hostOf(t: RoomTest, name = "Hana Host"): Promise<{ accountId: string; userId: string; client: Client }> {
  const email = `host${++counter}.${Date.now()}@example.com`;
  const user = await createUser(t.db.orm, { email, password: "Webinar#2024", name, role: "advanced" });
  const anonymous = clientFor(t);
  const { success } = await anonymous.session.login(email, "Webinar#2024", { remember: false });
  return { accountId: user.accountId, userId: user.id, client: clientFor(t, success.api_token ?? "") };
}

export function clientFor(t: RoomTest, token?: string): Client {
  return createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
    token,
    xsrf: false,
    retry: 0,
  });
}

/** POST a JSON body to the app; answers the status and the JSON. */
export async function post(t: RoomTest, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await t.app.request(`/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Every signal the app's bus publishes for an event, in order. */
export function recordSignals(t: RoomTest, eventId: string): RoomSignal[] {
  const signals: RoomSignal[] = [];
  t.hub.bus.subscribe(eventId, (signal) => signals.push(signal));
  return signals;
}

export type GeneralInput = NonNullable<TimelineMasterSettingInput["general"]>;

/** The status a call answers: 200 when it succeeds, the API error's status otherwise. */
export const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof ApiError ? error.status : -1),
  );

/** The API error a call answers (status, message, field), undefined when it succeeds. */
export const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ApiError ? { status: error.status, message: error.message, field: error.field } : error),
  );
