export { MAX_JOIN_DOMAINS, checkJoinDomain, findJoinDomain, type JoinDomain } from "./joinDomain.js";
