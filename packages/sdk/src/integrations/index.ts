export {
  INTEGRATION_CATEGORIES,
  INTEGRATION_KINDS,
  LIVE_EVENT_KINDS,
  type IntegrationAuth,
  type IntegrationCategory,
  type IntegrationKind,
  type LiveEventKind,
} from "./kinds.js";
export {
  ACTION_ICONS,
  ACTION_KEYS,
  CREDENTIAL_FIELDS,
  FIELD_KINDS,
  LIST_NAMES,
  LIVE_EVENT_ACTIONS,
  type ActionIcon,
  type ActionKey,
  type CredentialFieldName,
  type FieldKind,
  type ListName,
  type LiveEventAction,
} from "./vocabulary.js";
export type {
  ActionDefinition,
  ActionField,
  CredentialField,
  CredentialFormat,
  FieldOption,
  IntegrationEntry,
} from "./types.js";
export { oauthCallbackRoutes, type OAuthCallbackRoute } from "./oauthCallbackRoutes.js";
export { ACTION_PRESENTATION } from "./actionPresentation.js";
export {
  actionsFor,
  apiPathFor,
  getIntegrationKind,
  hasServiceLists,
  connectsWithCredentials,
  integrationCatalogue,
  isIntegrationKind,
} from "./integrationCatalogue.js";
export { RUNNING_ACTIONS, ROOM_ACTIONS, ROOM_KINDS } from "./catalogue/running.js";
export { actionRuns, runningActionsOf } from "./runningActions.js";
export { AWS_REGION_PATTERN, DOMAIN_PATTERN, isPort } from "./formats.js";
export { labelInSentence } from "./labelInSentence.js";
export { credentialSchemaFor, type CredentialSchema } from "./credentialSchemaFor.js";
export {
  IntegrationSchema,
  NiftyImageEntrySchema,
  type Integration,
  type NiftyImageEntry,
} from "./IntegrationSchema.js";
