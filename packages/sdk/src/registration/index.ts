/** The ways a registration form reaches a host's page (issue 15): snippets and the names they share. */
export {
  REGISTRATION_ATTRIBUTE,
  REGISTRATION_CUSTOM_FIELD_PREFIX,
  REGISTRATION_EMBED_PATH,
  REGISTRATION_FRAME_ATTRIBUTE,
  REGISTRATION_FRAME_FALLBACK_HEIGHT,
  REGISTRATION_FRAME_SUFFIX,
  REGISTRATION_HEIGHT_MESSAGE,
  REGISTRATION_HONEYPOT_FIELD,
  REGISTRATION_PAGE_PATH,
  REGISTRATION_RENDERED_FIELD,
  registrationFrameUrl,
  registrationPageUrl,
  registrationSnippets,
  type RegistrationSnippets,
} from "./snippets.js";
export {
  PageCheckFoundSchema,
  PageCheckItemSchema,
  PageCheckRequestSchema,
  PageCheckResultSchema,
  type PageCheckItem,
  type PageCheckRequest,
  type PageCheckResult,
} from "./pageCheck.js";
