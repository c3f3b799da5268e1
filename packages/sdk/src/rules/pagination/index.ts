export { leadsPageCount, pageCount, pageOffset, pageSlice, webinarPageCount } from "./pagination.js";
