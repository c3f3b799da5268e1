export {
  SPECIAL_ACCOUNT_ROLES,
  STAFF_ROLES,
  isDisabledRole,
  isSpecialAccount,
  isStaffRole,
  resolveRole,
  roleCodeOf,
  roleNameOf,
  type RoleInput,
} from "./roles.js";
