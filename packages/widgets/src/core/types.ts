// The types every entry re-exports (type-only: no code).
export type {
  RegistrationApi,
  RegistrationFormEvents,
  RegistrationPrefill,
  RegistrationStatus,
  RegistrationConfig,
  RegistrationResult,
} from "./registration/types.js";
