export {
  ANALYTICS_TIMEOUT,
  isAnalyticsTimeout,
  type AnalyticsResultLike,
  type AnalyticsTimeout,
} from "./analyticsTimeout.js";
