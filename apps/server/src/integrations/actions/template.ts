import { emailDocument, fillMergeTags, mergeVariables, renderMessage } from "@cuepoint/sdk";
import { modelText } from "./require.js";
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
 * The sendMail node's subject and body for this job's registrant, rendered by the SDK's
 * `renderMessage`: the plain text and the same text as a whole HTML mail (paragraphs, links,
 * merge values escaped), so a mail goes out as multipart/alternative.
 *
 * @example
 * const { subject, text, html } = renderedMail(job);
 */
export function renderedMail(job: ActionJob): { subject: string; text: string; html: string } {
  const variables = messageVariables(job);
  const subject = fillMergeTags(modelText(job, "emailSubject"), variables);
  const body = renderMessage(String(job.node.model.message ?? ""), variables);
  return { subject, text: body.text, html: emailDocument(subject, body.html) };
}
