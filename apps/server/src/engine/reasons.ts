/**
 * The sentences the engine writes into scheduled actions and the delivery log. Some are matched
 * again (a job canceled because its action was removed may be revived), so they live here once.
 */
export const REASONS = {
  removed: "Canceled: the action was removed from the timeline (or is no longer complete).",
  autoresponderOff: "Canceled: this autoresponder email was turned off (or has no subject or body).",
  trashed: "Canceled: the timeline is in the trash.",
  paused: "Canceled: the timeline is paused (\"Timeline runs its actions\" is off).",
  pausedDryRun: "Skipped: the timeline is paused (\"Timeline runs its actions\" is off); nothing runs until it is turned back on.",
  banned: "Canceled: the registrant is banned.",
  unbanned: "The ban was lifted: waiting again.",
  moved: "Rescheduled: the action's time changed.",
  restored: "The action is back on the timeline: waiting again.",
  pastEventNow: "Added to this past event by the host: its time had passed, so it runs at once.",
  movedToPast: (at: Date) => `Skipped: the action was moved to ${at.toISOString()}, which had already passed.`,
  noConsent: "Skipped: the registrant did not agree to text messages.",
  planLimit: (limit: number) =>
    `Skipped: the account has used its plan's ${limit.toLocaleString("en-US")} actions this month. Upgrade, buy more actions or wait for next month.`,
  quietHours: (until: Date, zone: string) => `Deferred by quiet hours in ${zone} until ${until.toISOString()}.`,
  retry: (attempt: number, at: Date, message: string) => `Attempt ${attempt} failed (${message}); next try at ${at.toISOString()}.`,
  dead: (attempts: number, message: string) => `Dead letter after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}: ${message}`,
  nodeGone: "Canceled: the action is no longer on the timeline.",
  unprepared: (message: string) => `Dead letter: the action could not be prepared (${message}).`,
} as const;
