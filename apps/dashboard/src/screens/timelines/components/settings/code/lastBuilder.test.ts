import { afterEach, describe, expect, it } from "vitest";
import { initialBuilder, rememberBuilder } from "./lastBuilder.js";

afterEach(() => localStorage.clear());

describe("the Code section's builder pick", () => {
  it("starts from the builder saved in the Registration settings, else plain HTML", () => {
    expect(initialBuilder("1", "kajabi")).toBe("kajabi");
    expect(initialBuilder("1", undefined)).toBe("html");
    expect(initialBuilder("1", "not-a-builder")).toBe("html");
  });

  it("remembers the last pick per timeline", () => {
    rememberBuilder("1", "leadpages");
    expect(initialBuilder("1", "kajabi")).toBe("leadpages");
    expect(initialBuilder("2", "kajabi")).toBe("kajabi");
  });

  it("ignores a stored value that is no builder", () => {
    localStorage.setItem("cuepoint:code-builder:1", "gone");
    expect(initialBuilder("1", "unbounce")).toBe("unbounce");
  });
});
