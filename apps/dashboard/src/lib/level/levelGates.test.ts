import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EXPERIENCE_LEVELS } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { editorSectionGate, LEVEL_GATES, levelAllows, type LevelGate } from "./levelGates.js";

describe("levelAllows", () => {
  it("shows a gate from its level up, and what has no gate to everyone", () => {
    expect(levelAllows("beginner", "editor.history")).toBe(false);
    expect(levelAllows("advanced", "editor.history")).toBe(true);
    expect(levelAllows("advanced", "developer")).toBe(false);
    expect(levelAllows("expert", "developer")).toBe(true);
    expect(levelAllows("beginner", undefined)).toBe(true);
    // an unknown or missing level is a beginner's
    expect(levelAllows(undefined, "calendar.types")).toBe(false);
    expect(levelAllows("guru", "calendar.types")).toBe(false);
  });

  it("finds the gates of the editor's sections", () => {
    expect(editorSectionGate("audience")).toBe("editor.audience");
    expect(editorSectionGate("calendar")).toBeUndefined();
    expect(editorSectionGate("actions")).toBeUndefined();
  });
});

describe("README.md", () => {
  it("shows the same table as LEVEL_GATES", () => {
    const readme = readFileSync(join(process.cwd(), "src/lib/level/README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| `([\w.]+)` \|[^|]+\|([^|]+)\|([^|]+)\|([^|]+)\|$/gm)];
    const documented = Object.fromEntries(
      rows.map(([, gate, ...cells]) => [gate, EXPERIENCE_LEVELS[cells.findIndex((cell) => cell.trim() === "shown")]]),
    );
    expect(documented).toEqual(LEVEL_GATES);
    for (const [gate, level] of Object.entries(LEVEL_GATES)) {
      const row = rows.find(([, name]) => name === gate)?.slice(2).map((cell) => cell.trim());
      // shown from the gate's level up, hidden below
      expect(row).toEqual(EXPERIENCE_LEVELS.map((l) => (levelAllows(l, gate as LevelGate) ? "shown" : "hidden")));
      expect(level).toBe(LEVEL_GATES[gate as LevelGate]);
    }
  });
});
