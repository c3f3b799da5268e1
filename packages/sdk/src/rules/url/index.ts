export {
  StrictUrlRule,
  StrictUrlSchema,
  UrlRule,
  UrlSchema,
  checkStrictUrl,
  checkUrl,
  countProtocols,
  isStrictUrl,
  isUrl,
} from "./url.js";
export { isIpAddress, isPublicAddress } from "./publicAddress.js";
export { checkTargetUrl, privateTargetMessage, type TargetUrlOptions } from "./targetUrl.js";
