export {
  PASSWORD_REQUIREMENTS,
  PasswordRule,
  PasswordSchema,
  checkPassword,
  passwordProblems,
  type PasswordProblem,
  type PasswordRequirement,
  type PasswordRequirementInfo,
} from "./password.js";
