import { describe, expect, it } from "vitest";
import type { ExperienceLevel } from "../../constants.js";
import { experienceRank, meetsExperienceLevel } from "./experienceLevel.js";

describe("meetsExperienceLevel", () => {
  it.each<[string | null | undefined, ExperienceLevel, boolean]>([
    ["beginner", "beginner", true],
    ["beginner", "advanced", false],
    ["beginner", "expert", false],
    ["advanced", "beginner", true],
    ["advanced", "advanced", true],
    ["advanced", "expert", false],
    ["expert", "beginner", true],
    ["expert", "advanced", true],
    ["expert", "expert", true],
    // unknown or missing levels rank as beginner
    [undefined, "beginner", true],
    [null, "advanced", false],
    ["Expert", "expert", false],
    ["guru", "advanced", false],
  ])("%j meets %s: %s", (userLevel, required, meets) => {
    expect(meetsExperienceLevel(userLevel, required)).toBe(meets);
  });

  it("ranks levels in order", () => {
    expect([experienceRank("beginner"), experienceRank("advanced"), experienceRank("expert")]).toEqual([0, 1, 2]);
  });
});
