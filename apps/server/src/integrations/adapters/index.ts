import type { IntegrationKind } from "@cuepoint/sdk";
import { activeCampaign } from "./activecampaign.js";
import { facebook } from "./facebook.js";
import { generic } from "./generic.js";
import { googleSheets } from "./googlesheets.js";
import { mailchimp } from "./mailchimp.js";
import { niftyImage } from "./niftyimage.js";
import { smtp } from "./smtp.js";
import type { IntegrationAdapter } from "./types.js";
import { webhookAdapter } from "./webhook.js";

/** The kinds with an adapter of their own; every other kind goes through `generic`. */
const ADAPTERS: Partial<Record<IntegrationKind, IntegrationAdapter>> = {
  ACTIVECAMPAIGN: activeCampaign,
  MAILCHIMP: mailchimp,
  WEBHOOK: webhookAdapter,
  ZAPIER: webhookAdapter,
  SMTP: smtp,
  GOOGLESHEETS: googleSheets,
  NIFTYIMAGE: niftyImage,
  FACEBOOK: facebook,
};

export const adapterFor = (kind: IntegrationKind): IntegrationAdapter => ADAPTERS[kind] ?? generic;

/** Whether a kind has its own adapter (the rest answer "not supported yet" for list calls). */
export const hasAdapter = (kind: IntegrationKind): boolean => ADAPTERS[kind] !== undefined;
