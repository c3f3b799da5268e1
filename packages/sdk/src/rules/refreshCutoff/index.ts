export { isBeforeRefreshCutoff } from "./isBeforeRefreshCutoff.js";
