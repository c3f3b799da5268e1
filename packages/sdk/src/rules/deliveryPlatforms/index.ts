export {
  ALWAYS_SHOWN_PLATFORMS,
  PLATFORM_INTEGRATION_TYPES,
  visibleDeliveryPlatforms,
} from "./visibleDeliveryPlatforms.js";
