import type { IntegrationService } from "../types.js";
import { mailchimpAddTag, mailchimpMoveList, mailchimpRemoveTag } from "./actions.js";
import { mailchimp } from "./adapter.js";
import { mailchimpDelete } from "./deleteMember.js";

/** Mailchimp Marketing API 3.0 with an OAuth token on the account's data centre: see README.md. */
export const mailchimpService: IntegrationService = {
  ...mailchimp,
  kinds: ["MAILCHIMP"],
  actions: { addTag: mailchimpAddTag, removeTag: mailchimpRemoveTag, moveList: mailchimpMoveList, delete: mailchimpDelete },
};
