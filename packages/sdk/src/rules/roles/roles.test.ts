import { describe, expect, it } from "vitest";
import { ROLE_CODES, type RoleName } from "../../constants.js";
import {
  isDisabledRole,
  isSpecialAccount,
  isStaffRole,
  resolveRole,
  roleCodeOf,
  roleNameOf,
  type RoleInput,
} from "./roles.js";

describe("roleNameOf", () => {
  it.each<[string | number, RoleName]>([
    ["99", "admin"],
    [99, "admin"],
    ["00", "free"],
    ["0", "beginner"],
    [0, "beginner"],
    [-0, "beginner"],
    ["1", "advanced"],
    [1, "advanced"],
    ["2", "professional"],
    ["3", "unlimited"],
    ["-1", "disabled"],
    [-1, "disabled"],
    ["5", "awebinar"],
    [13, "manual"],
    ["8", "support"],
    ["9", "operator"],
    ["7", "sales"],
  ])("%j is %s", (code, name) => {
    expect(roleNameOf(code)).toBe(name);
  });

  it.each<[string | number | null | undefined]>([
    ["000"],
    [" 0"],
    ["01"],
    ["+1"],
    ["4"],
    [4],
    [0.5],
    [Number.NaN],
    [""],
    ["admin"],
    [null],
    [undefined],
  ])("%j is no role", (code) => {
    expect(roleNameOf(code)).toBeUndefined();
  });

  it("round-trips every role through its code", () => {
    for (const name of Object.keys(ROLE_CODES) as RoleName[]) expect(roleNameOf(roleCodeOf(name))).toBe(name);
  });
});

describe("roleCodeOf", () => {
  it.each<[string, string | undefined]>([
    ["free", "00"],
    ["beginner", "0"],
    ["admin", "99"],
    ["disabled", "-1"],
    ["Admin", undefined],
    ["toString", undefined],
    ["99", undefined],
  ])("%s → %j", (name, code) => {
    expect(roleCodeOf(name)).toBe(code);
  });
});

describe("resolveRole", () => {
  it.each<[RoleInput, RoleName | undefined]>([
    ["00", "free"],
    [0, "beginner"],
    ["professional", "professional"],
    ["hasOwnProperty", undefined],
    [undefined, undefined],
  ])("%j → %j", (input, name) => {
    expect(resolveRole(input)).toBe(name);
  });
});

describe("role predicates", () => {
  it.each<[RoleInput, boolean, boolean, boolean]>([
    // role, disabled, special account, staff
    ["-1", true, false, false],
    [-1, true, false, false],
    ["disabled", true, false, false],
    ["5", false, true, false],
    ["awebinar", false, true, false],
    [13, false, true, false],
    ["99", false, false, true],
    ["support", false, false, true],
    [9, false, false, true],
    ["7", false, false, true],
    ["00", false, false, false],
    [0, false, false, false],
    ["3", false, false, false],
    ["42", false, false, false],
    [null, false, false, false],
  ])("%j: disabled %s, special %s, staff %s", (role, disabled, special, staff) => {
    expect(isDisabledRole(role)).toBe(disabled);
    expect(isSpecialAccount(role)).toBe(special);
    expect(isStaffRole(role)).toBe(staff);
  });
});
