import { describe, expect, it } from "vitest";
import { colorModePreference, resolveColorMode, setColorModePreference } from "./colorMode.js";

describe("resolveColorMode (spec §4)", () => {
  it.each([
    ["system", undefined, true, "dark"],
    ["system", undefined, false, "light"],
    ["light", undefined, true, "light"],
    ["dark", undefined, false, "dark"],
    ["dark", "light", true, "light"],
    ["light", "dark", false, "dark"],
    // forcing the system mode is ignored
    ["dark", "system", false, "dark"],
    ["system", "system", true, "dark"],
  ] as const)("preference %s, forced %s, OS dark %s → %s", (preference, forced, osDark, expected) => {
    expect(resolveColorMode(preference, forced, osDark)).toBe(expected);
  });
});

describe("setColorModePreference", () => {
  it("stores the preference under nuxt-color-mode and publishes it", () => {
    setColorModePreference("dark");
    expect(localStorage.getItem("nuxt-color-mode")).toBe("dark");
    expect(colorModePreference.get()).toBe("dark");
    setColorModePreference("system");
    expect(localStorage.getItem("nuxt-color-mode")).toBe("system");
  });
});
