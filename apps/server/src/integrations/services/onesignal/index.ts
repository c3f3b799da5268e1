import { ServiceError } from "../../serviceCall.js";
import type { IntegrationService } from "../types.js";
import { appCredentials, templates, templatesPage } from "./api.js";
import { sendNotification } from "./sendNotification.js";

/** OneSignal with an App ID and its App (REST) API key, plain calls through the shared exchange: see README.md. */
export const oneSignalService: IntegrationService = {
  kinds: ["ONESIGNAL"],
  async check(ctx) {
    if (!appCredentials(ctx.credentials).appId) throw new ServiceError("Enter the OneSignal App ID (app_id).", "refused");
    // View templates needs both the App ID and its key: one page of one proves the pair.
    const page = await templatesPage(ctx, 1, 0);
    const count = Number(page.total_count ?? 0);
    return `OneSignal accepted the App ID and REST API key (${count} template${count === 1 ? "" : "s"}).`;
  },
  async lists(ctx) {
    return { templates: await templates(ctx) };
  },
  actions: { sendNotification },
};
