import type { Route } from "../http/route.js";
import { accountRoutes } from "./account.js";
import { bannerRoutes } from "./banner.js";
import { billingRoutes } from "./billing.js";
import { healthRoutes } from "./health.js";
import { openApiRoute } from "./openapi.js";
import { passwordRoutes } from "./password.js";
import { sessionRoutes } from "./session.js";
import { tokenRoutes } from "./tokens.js";
import { usageRoutes } from "./usage.js";

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
  openApiRoute(() => apiRoutes),
];
