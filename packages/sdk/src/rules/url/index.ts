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
