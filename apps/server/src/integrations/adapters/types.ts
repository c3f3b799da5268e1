/**
 * Moved to `services/types.ts` (issue 14: one folder per service). This re-export keeps the
 * service folders written against the old path compiling while they move over; import from
 * `../types.js` in a service folder.
 */
export { AUTO_FIELDS, type IntegrationAdapter, type ServiceContext, type ServiceLists } from "../services/types.js";
