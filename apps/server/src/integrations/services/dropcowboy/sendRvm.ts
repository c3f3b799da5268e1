import { cachedLists } from "../../listCache.js";
import { checkActionReady } from "../../actions/ready.js";
import { modelText, smsSkipReason } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { rvmAudio } from "./audio.js";
import { sendToDropCowboy } from "./send.js";

/**
 * DROPCOWBOY `sendRvm` over Drop Cowboy's `POST /v1/rvm`: `foreign_id` the engine's idempotency
 * key, `brand_id` the action's brand (`brandId`, one of the team's brands — checked against the
 * cached `brands` list, spec §5, before asking), `phone_number` the registrant's phone,
 * `audio_url` + `audio_type` the action's audio file through a signed link that expires after a
 * day (`audio.ts`), and, when the action has them, `pool_id` (`poolName`) and
 * `forwarding_number` (`replyTo`). Skipped without SMS consent or a phone number, as the other
 * phone services (`smsSkipReason`). Once-only: `send.ts`.
 *
 * @example
 * await sendRvm(run); // { status: "sent", detail: "queued" }
 */
export async function sendRvm(run: ActionRun): Promise<ActionOutcome> {
  const { job, engine, loaded, service } = run;
  const skip = smsSkipReason(job);
  if (skip) return { status: "skipped", reason: skip };
  const cached = await cachedLists(engine.db.orm, job.accountId, loaded.row.id, engine.now());
  const known = checkActionReady(job.node, { lists: cached?.lists });
  if (!known.ok) throw new PermanentActionError(`${service.label}: ${known.message} (${known.field}).`);
  const pool = modelText(job, "poolName");
  const forwarding = modelText(job, "replyTo");
  return sendToDropCowboy(run, "rvm", {
    foreign_id: job.idempotencyKey,
    brand_id: modelText(job, "brandId"),
    phone_number: job.registrant.phone.trim(),
    ...(await rvmAudio(engine, job)),
    ...(pool && { pool_id: pool }),
    ...(forwarding && { forwarding_number: forwarding }),
  });
}
