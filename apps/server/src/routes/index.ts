import type { Route } from "../http/route.js";
import { accountRoutes } from "./account.js";
import { automationRoutes } from "./automation.js";
import { automationJobRoutes } from "./automationJobs.js";
import { bannerRoutes } from "./banner.js";
import { billingRoutes } from "./billing.js";
import { healthRoutes } from "./health.js";
import { integrationCheckRoutes } from "./integrationChecks.js";
import { integrationExtraRoutes } from "./integrationExtras.js";
import { integrationListRoutes } from "./integrationLists.js";
import { integrationOAuthRoutes } from "./integrationOAuth.js";
import { integrationRoutes } from "./integrations.js";
import { integrationSecretRoutes } from "./integrationSecrets.js";
import { leadRoutes } from "./leads.js";
import { openApiRoute } from "./openapi.js";
import { passwordRoutes } from "./password.js";
import { publicRegistrationRoutes } from "./publicRegistration.js";
import { registrationPageRoutes } from "../registration-page/pageCheckRoute.js";
import { sessionRoutes } from "./session.js";
import { tokenRoutes } from "./tokens.js";
import { usageRoutes } from "./usage.js";
import { timelineRoutes } from "./timelines.js";
import { formRoutes } from "./forms.js";
import { webinarRoutes } from "./webinars.js";
import { webinarRescheduleRoutes } from "./webinarReschedule.js";
import { mediaRoutes } from "./media.js";
import { mediaLinkRoutes } from "./mediaLinks.js";
import { uploadRoutes } from "./upload.js";
import { roomApiRoutes } from "../room/roomApi.js";
import { roomChatRoutes } from "../room/chat/chatRoutes.js";
import { consoleRoutes } from "../room/chat/consoleRoutes.js";
import { consoleChannelRoutes } from "../room/consoleChannel.js";
import { liveRoutes } from "../live/liveRoutes.js";
import { deliveryRoutes } from "../delivery/deliveryRoutes.js";
import { autoresponderRoutes } from "../autoresponder/autoresponderRoutes.js";
import { joinDomainRoutes } from "../join-domain/joinDomainRoutes.js";

/**
 * The route table: every API route, below /api. `createApp` registers exactly these, and the
 * OpenAPI document is generated from exactly these, so the two cannot drift apart.
 */
export const apiRoutes: readonly Route[] = [
  ...healthRoutes,
  ...sessionRoutes,
  ...passwordRoutes,
  ...accountRoutes,
  ...usageRoutes,
  ...billingRoutes,
  ...tokenRoutes,
  ...bannerRoutes,
  ...integrationRoutes,
  ...integrationSecretRoutes,
  ...integrationCheckRoutes,
  ...integrationListRoutes,
  ...integrationExtraRoutes,
  ...integrationOAuthRoutes,
  ...timelineRoutes,
  ...formRoutes,
  ...webinarRoutes,
  ...webinarRescheduleRoutes,
  ...leadRoutes,
  ...automationRoutes,
  ...automationJobRoutes,
  ...publicRegistrationRoutes,
  ...registrationPageRoutes,
  ...joinDomainRoutes,
  ...mediaRoutes,
  ...mediaLinkRoutes,
  ...uploadRoutes,
  ...roomApiRoutes,
  ...roomChatRoutes,
  ...consoleRoutes,
  ...consoleChannelRoutes,
  ...liveRoutes,
  ...deliveryRoutes,
  ...autoresponderRoutes,
  openApiRoute(() => apiRoutes),
];
