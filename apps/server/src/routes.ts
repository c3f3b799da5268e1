import type { Route } from "./http/route.js";
import { accountRoutes } from "./users/accountRoutes.js";
import { automationSettingsRoutes } from "./engine/routes/settingsRoutes.js";
import { attendanceRoutes } from "./engine/routes/attendanceRoutes.js";
import { jobListRoutes } from "./engine/routes/jobListRoutes.js";
import { simulateRoutes } from "./engine/routes/simulateRoutes.js";
import { liveScriptRoutes } from "./engine/routes/liveScriptRoutes.js";
import { automationJobRoutes } from "./engine/routes/jobRoutes.js";
import { bannerRoutes } from "./users/bannerRoutes.js";
import { billingRoutes } from "./billing/billingRoutes.js";
import { healthRoutes } from "./http/healthRoute.js";
import { integrationCheckRoutes } from "./integrations/routes/checkRoutes.js";
import { integrationExtraRoutes } from "./integrations/routes/extraRoutes.js";
import { integrationListRoutes } from "./integrations/routes/listRoutes.js";
import { integrationOAuthRoutes } from "./integrations/routes/oauthRoutes.js";
import { integrationRoutes } from "./integrations/routes/integrationRoutes.js";
import { integrationSecretRoutes } from "./integrations/routes/secretRoutes.js";
import { leadRoutes } from "./leads/leadRoutes.js";
import { openApiRoute } from "./http/openapiRoute.js";
import { passwordRoutes } from "./session/passwordRoutes.js";
import { publicRegistrationRoutes } from "./registration/registrationRoutes.js";
import { registrationPageRoutes } from "./registration/page/pageCheckRoute.js";
import { sessionRoutes } from "./session/sessionRoutes.js";
import { tokenRoutes } from "./session/tokenRoutes.js";
import { usageRoutes } from "./usage/usageRoutes.js";
import { timelineRoutes } from "./timelines/routes/timelineRoutes.js";
import { formRoutes } from "./timelines/routes/formRoutes.js";
import { webinarRoutes } from "./webinars/routes/webinarRoutes.js";
import { webinarRescheduleRoutes } from "./webinars/routes/rescheduleRoutes.js";
import { mediaRoutes } from "./media/routes/mediaRoutes.js";
import { mediaLinkRoutes } from "./media/routes/linkRoutes.js";
import { uploadRoutes } from "./media/routes/uploadRoutes.js";
import { roomApiRoutes } from "./room/roomApi.js";
import { roomChatRoutes } from "./room/chat/chatRoutes.js";
import { hostChatRoutes } from "./room/chat/hostChatRoutes.js";
import { consoleRoutes } from "./room/console/consoleRoutes.js";
import { consolePushRoutes } from "./room/console/pushRoutes.js";
import { consoleControlRoutes } from "./room/console/controlRoutes.js";
import { consoleChannelRoutes } from "./room/console/channelRoutes.js";
import { liveRoutes } from "./room/live/liveRoutes.js";
import { deliveryRoutes } from "./delivery/deliveryRoutes.js";
import { autoresponderRoutes } from "./autoresponder/autoresponderRoutes.js";
import { joinDomainRoutes } from "./join-domain/joinDomainRoutes.js";

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
  ...automationSettingsRoutes,
  ...attendanceRoutes,
  ...jobListRoutes,
  ...simulateRoutes,
  ...liveScriptRoutes,
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
  ...hostChatRoutes,
  ...consolePushRoutes,
  ...consoleControlRoutes,
  ...consoleChannelRoutes,
  ...liveRoutes,
  ...deliveryRoutes,
  ...autoresponderRoutes,
  openApiRoute(() => apiRoutes),
];
