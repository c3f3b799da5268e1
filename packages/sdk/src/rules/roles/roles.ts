import { ROLE_CODES, type RoleCode, type RoleName } from "../../constants.js";

/** What the API or a caller may hand us as a role: a code (`"00"`, `"0"`, `99`) or a name. */
export type RoleInput = RoleName | RoleCode | string | number | null | undefined;

/** Special account types of spec §6. */
export const SPECIAL_ACCOUNT_ROLES = ["awebinar", "manual"] as const satisfies readonly RoleName[];
/** The roles of Cuepoint's own staff. */
export const STAFF_ROLES = ["admin", "support", "operator", "sales"] as const satisfies readonly RoleName[];

const isRoleName = (value: string): value is RoleName => Object.hasOwn(ROLE_CODES, value);

/**
 * The role name of a wire code (spec §6). Strings must match a code exactly: `"00"` is free and
 * `"0"` is beginner, and `" 0"` or `"000"` match nothing. A number is read as its decimal string,
 * so the number `0` is beginner (a number cannot say `00`), `-1` is disabled, `99` is admin.
 * Anything else, fractions included, gives `undefined`.
 *
 * @example
 * roleNameOf("00"); // "free"
 * roleNameOf("0"); // "beginner"
 * roleNameOf(0); // "beginner"
 * roleNameOf(99); // "admin"
 * roleNameOf("4"); // undefined
 */
export function roleNameOf(code: string | number | null | undefined): RoleName | undefined {
  if (typeof code === "number" && !Number.isInteger(code)) return undefined;
  if (typeof code !== "number" && typeof code !== "string") return undefined;
  const wire = String(code); // String(-0) is "0": still beginner
  for (const name of Object.keys(ROLE_CODES) as RoleName[]) if (ROLE_CODES[name] === wire) return name;
  return undefined;
}

/**
 * The wire code of a role name, or `undefined` for a name that is not a role. Names are exact
 * (lower case), as in {@link ROLE_CODES}.
 *
 * @example
 * roleCodeOf("free"); // "00"
 * roleCodeOf("beginner"); // "0"
 * roleCodeOf("Admin"); // undefined
 */
export function roleCodeOf(name: RoleName): RoleCode;
export function roleCodeOf(name: string | null | undefined): RoleCode | undefined;
export function roleCodeOf(name: string | null | undefined): RoleCode | undefined {
  return typeof name === "string" && isRoleName(name) ? ROLE_CODES[name] : undefined;
}

/**
 * The role name of a code or a name. Codes are digits and names are words, so the two never clash.
 *
 * @example
 * resolveRole("00"); // "free"
 * resolveRole("professional"); // "professional"
 * resolveRole(13); // "manual"
 */
export function resolveRole(role: RoleInput): RoleName | undefined {
  if (typeof role === "string" && isRoleName(role)) return role;
  return roleNameOf(role);
}

/**
 * True for the disabled role (code `-1`). An unknown role is not reported as disabled.
 *
 * @example
 * isDisabledRole(-1); // true
 * isDisabledRole("disabled"); // true
 * isDisabledRole("00"); // false
 */
export function isDisabledRole(role: RoleInput): boolean {
  return resolveRole(role) === "disabled";
}

/**
 * True for the special account types (awebinar `5`, manual `13`).
 *
 * @example
 * isSpecialAccount("13"); // true
 * isSpecialAccount("admin"); // false
 */
export function isSpecialAccount(role: RoleInput): boolean {
  const name = resolveRole(role);
  return name !== undefined && (SPECIAL_ACCOUNT_ROLES as readonly RoleName[]).includes(name);
}

/**
 * True for staff roles (admin `99`, support `8`, operator `9`, sales `7`).
 *
 * @example
 * isStaffRole(99); // true
 * isStaffRole("unlimited"); // false
 */
export function isStaffRole(role: RoleInput): boolean {
  const name = resolveRole(role);
  return name !== undefined && (STAFF_ROLES as readonly RoleName[]).includes(name);
}
