export { dayTitleOf, daySettingOf, generalForDay } from "./multiEventDay.js";
