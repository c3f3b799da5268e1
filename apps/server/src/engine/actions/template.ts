import { fillMergeTags, mergeVariables } from "@cuepoint/sdk";
import type { ActionJob } from "./types.js";

/**
 * The merge tags of messages (email subject and body, SMS and MMS text) for one job: the SDK's
 * `mergeVariables` (the tags the dashboard lists and previews, `MERGE_TAGS`) for the job's
 * registrant and event. Times are in the registrant's zone (the event's when unknown).
 *
 * @example
 * messageVariables(job).first_name; // "Ada"
 */
export const messageVariables = (job: ActionJob): Record<string, string> => mergeVariables(job.registrant, job.event);

/**
 * Replaces each `{tag}` with its value: the SDK's `fillMergeTags`, the one renderer the
 * dashboard's preview uses too.
 *
 * @example
 * fillTemplate("Hi {first_name}", { first_name: "Ada" }); // "Hi Ada"
 */
export const fillTemplate = (text: string, variables: Record<string, string>): string => fillMergeTags(text, variables);
