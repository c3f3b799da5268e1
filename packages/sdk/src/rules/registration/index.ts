export {
  BUILT_IN_REGISTRATION_FIELDS,
  REGISTRATION_ANSWER_MAX_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
  checkRegistrationAnswers,
  checkRegistrationField,
} from "./checkRegistrationAnswers.js";
export type {
  RegistrationAnswersInput,
  RegistrationAnswersResult,
  RegistrationFieldResult,
} from "./checkRegistrationAnswers.js";
export { registrationFormFields } from "./formFields.js";
export { CHOICE_FIELD_TYPES, checkFormFields } from "./checkFormFields.js";
export type { FormFieldsProblem } from "./checkFormFields.js";
