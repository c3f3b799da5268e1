export { experienceRank, meetsExperienceLevel } from "./experienceLevel.js";
