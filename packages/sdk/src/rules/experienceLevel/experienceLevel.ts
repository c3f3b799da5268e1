import { EXPERIENCE_LEVELS, type ExperienceLevel } from "../../constants.js";

/**
 * The rank of an experience level: beginner 0 < advanced 1 < expert 2. A missing or unknown level
 * ranks as beginner, the lowest, so an unset profile never unlocks advanced features.
 *
 * @example
 * experienceRank("expert"); // 2
 * experienceRank(undefined); // 0
 */
export function experienceRank(level: string | null | undefined): number {
  const rank = EXPERIENCE_LEVELS.indexOf(level as ExperienceLevel);
  return rank === -1 ? 0 : rank;
}

/**
 * True when the user's experience level (`profile.userSkillLevel`) reaches the required level
 * (spec §6: beginner < advanced < expert).
 *
 * @example
 * meetsExperienceLevel("advanced", "advanced"); // true
 * meetsExperienceLevel("advanced", "expert"); // false
 * meetsExperienceLevel(undefined, "beginner"); // true
 */
export function meetsExperienceLevel(userLevel: string | null | undefined, required: ExperienceLevel): boolean {
  return experienceRank(userLevel) >= experienceRank(required);
}
