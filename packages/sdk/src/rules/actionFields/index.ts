export {
  checkActionFields,
  listActionFieldProblems,
  type ActionFieldProblem,
  type ActionFieldProblemReason,
  type ActionFieldsInput,
  type ActionFieldsResult,
  type ListEntry,
} from "./checkActionFields.js";
export { checkActionRuns, type ActionRunsResult } from "./checkActionRuns.js";
export { normalizeTagName } from "./normalizeTagName.js";
