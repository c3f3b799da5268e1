import type { ActionDefinition, ActionField } from "./types.js";
import type { ActionIcon, ActionKey } from "./vocabulary.js";

/**
 * The label and icon (spec §3 icon list) of each action key, so the same action reads and looks
 * the same on every integration. A kind may still override the label (Mailchimp says audience).
 */
export const ACTION_PRESENTATION: Readonly<Record<ActionKey, { label: string; icon: ActionIcon }>> = {
  addTag: { label: "Add tag", icon: "tag-alt" },
  removeTag: { label: "Remove tag", icon: "tag-alt" },
  moveList: { label: "Move to list", icon: "folder-upload" },
  addToWorkflow: { label: "Add to workflow", icon: "refresh" },
  delete: { label: "Delete contact", icon: "user-times" },
  sendMail: { label: "Send email", icon: "envelope" },
  sendsms: { label: "Send SMS", icon: "comment-dots" },
  sendmms: { label: "Send MMS", icon: "comment-alt-dots" },
  sendWebhook: { label: "Send webhook", icon: "link-h" },
  livechat: { label: "Send live chat message", icon: "comments-alt" },
  cta: { label: "Show call-to-action", icon: "expand-from-corner" },
  changesubject: { label: "Change subject", icon: "airplay" },
  encore: { label: "Move to encore", icon: "refresh" },
  addEvent: { label: "Add to event", icon: "calendar-alt" },
  deleteSystemWide: { label: "Remove from all events", icon: "exclamation-triangle" },
  addToAutomation: { label: "Add to automation", icon: "refresh" },
  addToCampaign: { label: "Add to campaign", icon: "folder" },
  addToSequence: { label: "Add to sequence", icon: "schedule" },
  addToGroup: { label: "Add to group", icon: "folder-plus" },
  removeFromGroup: { label: "Remove from group", icon: "folder-times" },
  achieveGoal: { label: "Achieve goal", icon: "dollar-sign-alt" },
  sendVoice: { label: "Send voice message", icon: "voicemail" },
  sendRvm: { label: "Drop ringless voicemail", icon: "voicemail" },
  sendText: { label: "Send text message", icon: "facebook-messenger-alt" },
  sendMedia: { label: "Send media", icon: "comment-alt-dots" },
  sendFlow: { label: "Start flow", icon: "angle-right-b" },
  sendMessage: { label: "Post message", icon: "comments-alt" },
  sendNotification: { label: "Send push notification", icon: "comment-dots" },
  sendInvite: { label: "Send calendar invite", icon: "calendar-alt" },
  addRow: { label: "Add row", icon: "folder-plus" },
  addToAudience: { label: "Add to custom audience", icon: "folder-plus" },
};

/**
 * An action definition with the key's usual label and icon.
 *
 * @example
 * action("moveList", [LIST]);
 * action("moveList", [AUDIENCE], "Move to audience");
 */
/* @__NO_SIDE_EFFECTS__ */
export function action(
  key: ActionKey,
  fields: readonly ActionField[] = [],
  label?: string,
): ActionDefinition {
  const presentation = ACTION_PRESENTATION[key];
  return { key, label: label ?? presentation.label, icon: presentation.icon, fields };
}
