import { callPeer } from "../../actions/http.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { API_V1, teamHeaders, teamOf } from "./auth.js";

/** What `POST /v1/rvm` and `POST /v1/sms` answer: `status` "queued"; for SMS also the counts. */
interface SendAnswer {
  status?: string;
  message?: string;
  drop_id?: string;
  message_id?: string;
  accepted_count?: number;
  rejected?: Array<{ phone_number?: string; reason?: string }> | Record<string, unknown>;
}

/** The first rejection's reason in an SMS answer's `rejected` details, when there is one. */
function rejection(answer: SendAnswer | undefined): string | undefined {
  const rejected = answer?.rejected;
  const list = Array.isArray(rejected) ? rejected : rejected && typeof rejected === "object" ? Object.values(rejected) : [];
  const [first] = list as Array<{ reason?: string } | string>;
  if (first === undefined) return undefined;
  return typeof first === "string" ? first : first?.reason || "rejected";
}

/**
 * One send to Drop Cowboy's API v1 (`/rvm` or `/sms`): JSON with `team_id` and `secret` in the
 * body as the reference lists them, and the `x-team-id` / `x-secret` headers it requires.
 * Drop Cowboy takes no idempotency key in v1 (`foreign_id` only identifies the drop in its
 * callback), so the send is once-only: retried only when it surely was not carried out. An
 * answer that is not "queued", or an SMS it rejected, fails the job in Drop Cowboy's words.
 */
export async function sendToDropCowboy(
  { loaded, service }: ActionRun,
  route: "rvm" | "sms",
  fields: Record<string, unknown>,
): Promise<ActionOutcome> {
  const { label } = service;
  const team = teamOf(loaded.secrets.credentials);
  if (!team) throw new PermanentActionError(`${label}: the integration needs the Team ID and secret.`);
  const { body } = await callPeer<SendAnswer>(label, service.url(`${API_V1}/${route}`), {
    json: { team_id: team.teamId, secret: team.secret, ...fields },
    headers: teamHeaders(team),
    // v1 takes no idempotency key: a drop whose answer was lost is not sent again.
    once: true,
  });
  const refused = rejection(body) ?? (body?.accepted_count === 0 ? body?.message || "not accepted" : undefined);
  if (refused) throw new PermanentActionError(`${label} did not accept the message: ${refused}`);
  if (body?.status !== undefined && body.status !== "queued") {
    throw new PermanentActionError(`${label} did not queue the ${route === "rvm" ? "voicemail" : "message"}: ${body.message || body.status}`);
  }
  if (body?.status === undefined && body?.accepted_count === undefined) {
    throw new PermanentActionError(`${label} answered without saying the ${route === "rvm" ? "voicemail" : "message"} was queued.`);
  }
  const id = body?.drop_id ?? body?.message_id;
  return { status: "sent", detail: ["queued", id && `(${id})`].filter(Boolean).join(" ") };
}
