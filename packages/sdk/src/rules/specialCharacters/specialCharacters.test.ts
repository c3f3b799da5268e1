import { describe, expect, it } from "vitest";
import { SPECIAL_CHARACTERS, checkNoSpecialCharacters, hasSpecialCharacters } from "./specialCharacters.js";

describe("hasSpecialCharacters", () => {
  it.each(["", "Spring launch 2024", "launch-day_v2.final", "Ünïcödé naïve", "price €10"])(
    "%j has none",
    (value) => {
      expect(hasSpecialCharacters(value)).toBe(false);
      expect(checkNoSpecialCharacters(value)).toEqual({ ok: true });
    },
  );

  it.each([...SPECIAL_CHARACTERS].map((char) => [char]))("%j is special", (char) => {
    expect(hasSpecialCharacters(`a${char}b`)).toBe(true);
  });

  it("the set is the 29 ASCII symbols other than - _ .", () => {
    expect(SPECIAL_CHARACTERS).toHaveLength(29);
    for (const char of "-_.") expect(SPECIAL_CHARACTERS).not.toContain(char);
  });
});

describe("checkNoSpecialCharacters", () => {
  it("names each special character found once, in order", () => {
    expect(checkNoSpecialCharacters("a{b}!{c}")).toEqual({ ok: false, message: "Remove these characters: { } !" });
  });
});
