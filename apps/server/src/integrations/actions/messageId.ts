import { createHash } from "node:crypto";

/**
 * The Message-ID of an action's mail, derived from the job's idempotency key: a retry after a
 * crash sends the same Message-ID, so mail systems (and the recipient's client) can tell it is
 * the same message. The key is hashed (it holds ids and colons, not all valid in a Message-ID);
 * the domain is the sender's.
 *
 * @example
 * messageIdFor("node-1:reg-7:evt-3", "events@example.com"); // "<3f1c…@example.com>"
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const digest = createHash("sha256").update(idempotencyKey, "utf8").digest("hex").slice(0, 40);
  const domain = /@([^@\s>]+)$/.exec(from)?.[1] ?? "cuepoint.local";
  return `<${digest}@${domain}>`;
}
