import { asAction } from "../../actions/errors.js";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { klaviyo } from "./api.js";

/**
 * KLAVIYO `moveList`: creates or updates the registrant's profile (`POST /api/profile-import`,
 * an upsert by email with first and last name), then adds it to the node's list (`POST
 * /api/lists/{listName}/relationships/profiles`). Adding to a list gives no marketing consent
 * (Klaviyo's Subscribe Profiles call does that, and sends its double opt-in): the list is a
 * membership the host's flows and segments use. Both calls are idempotent, so a retry after a
 * 5xx, a 429 or a timeout adds nothing twice.
 */
export async function moveList({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  if (!service.credentials.private_api_key) throw new PermanentActionError(`${service.label}: the integration needs its private API key.`);
  const api = klaviyo(service);
  const [firstName = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const profile = await asAction(() =>
    api.profiles.createOrUpdateProfile({
      data: { type: "profile", attributes: { email: job.registrant.email, firstName, lastName: rest.join(" ") } },
    }),
  );
  const id = profile.body.data?.id;
  if (!id) throw new PermanentActionError(`${service.label} answered without a profile id.`);
  const list = modelText(job, "listName");
  const { response } = await asAction(() => api.lists.addProfilesToList(list, { data: [{ type: "profile", id }] }));
  return { status: "sent", detail: `profile ${id} added to list ${list} (HTTP ${response.status})` };
}
