import * as v from "valibot";
import { UserSchema } from "@cuepoint/sdk";

/**
 * Answer shapes for the OpenAPI document, built from the SDK's entity schemas where the SDK has
 * them (so the document and the client's types come from one place).
 */
export const UserAnswer = v.object({ success: UserSchema });

/** The SDK's `Ack`. */
export const AckAnswer = v.object({
  success: v.union([v.boolean(), v.string(), v.record(v.string(), v.unknown())]),
  message: v.optional(v.string()),
});

/** `{ success: true, message }`, the Ack of calls that only confirm. */
export const ack = (message?: string) => (message === undefined ? { success: true } : { success: true, message });
