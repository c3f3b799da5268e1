import { and, eq } from "drizzle-orm";
import { registrants } from "../../db/schema/index.js";
import { NO_EMAIL } from "../../integrations/actions/require.js";
import { sameAddress, type LiveEventExecutor } from "./run.js";

/**
 * `deleteSystemWide`: the person (by email, case-insensitively) is removed from every timeline of
 * the job's account — every registration of theirs is deleted, as deleting a lead does, and with it
 * their jobs still waiting, attendance and chat (foreign keys); this registration too, so this
 * action's own delivery-log line goes with it (the usage event stays). Other accounts are never
 * read. A banned registration is kept: it is what keeps the address out, and deleting it would
 * lift the ban.
 */
export const deleteSystemWide: LiveEventExecutor = async ({ job, engine }) => {
  const email = job.registrant.email.trim();
  if (!email) return NO_EMAIL;
  const removed = await engine.db.orm
    .delete(registrants)
    .where(and(eq(registrants.accountId, job.accountId), sameAddress(email), eq(registrants.banned, false)))
    .returning({ timelineId: registrants.timelineId });
  const timelineCount = new Set(removed.map((row) => row.timelineId)).size;
  if (removed.length === 0) return { status: "sent", detail: `${email} had no registration left in this account.` };
  return { status: "sent", detail: `Removed ${email} from ${removed.length} registration(s) in ${timelineCount} timeline(s).` };
};
