import { and, eq, sql } from "drizzle-orm";
import { checkEmail, checkPassword, resolveRole, ROLE_CODES, type RoleCode, type RoleInput } from "@cuepoint/sdk";
import { hashPassword } from "../auth/password.js";
import { isUniqueViolation } from "../db/errors.js";
import { accounts, users, type UserRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** The caller's own user row, looked up inside the caller's account only. */
export async function findUser(orm: Orm, accountId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await orm
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return row;
}

/**
 * A user by email, case-insensitively, across accounts: only login and forgot-password use this,
 * before any account is known (email is unique server-wide).
 */
export async function findUserByEmail(orm: Orm, email: string): Promise<UserRow | undefined> {
  const [row] = await orm
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

/** The email is taken (by any account: email is unique server-wide). */
export class EmailTakenError extends Error {
  override name = "EmailTakenError";
  constructor(email: string) {
    super(`A user with the email ${email} already exists.`);
  }
}

/** A value the SDK rules refuse, with the rule's own message. */
export class InvalidUserError extends Error {
  override name = "InvalidUserError";
  constructor(
    message: string,
    readonly field: "email" | "password" | "role",
  ) {
    super(message);
  }
}

export interface NewUser {
  email: string;
  password: string;
  /** Role name (`advanced`) or wire code (`"1"`). */
  role: RoleInput;
  name?: string;
  /** Feature flags switched on for the user (`{ registrantUpload: true }`); none by default. */
  features?: Record<string, unknown>;
}

/**
 * Creates an account with its first user — the only way users come to exist (the spec has no
 * sign-up; the admin CLI and the demo seed call this). Checks the SDK's email and password rules.
 */
export async function createUser(orm: Orm, input: NewUser): Promise<UserRow> {
  const email = input.email.trim();
  const emailCheck = checkEmail(email);
  if (!emailCheck.ok) throw new InvalidUserError(emailCheck.message, "email");
  const passwordCheck = checkPassword(input.password);
  if (!passwordCheck.ok) throw new InvalidUserError(passwordCheck.message, "password");
  const roleName = resolveRole(input.role);
  if (!roleName) {
    const names = Object.keys(ROLE_CODES).join(", ");
    throw new InvalidUserError(`Unknown role "${String(input.role)}". Use one of: ${names} (or its code).`, "role");
  }
  const role: RoleCode = ROLE_CODES[roleName];
  const passwordHash = await hashPassword(input.password);
  try {
    return await orm.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({ name: input.name ?? email })
        .returning();
      if (!account) throw new Error("The account was not created.");
      const [user] = await tx
        .insert(users)
        .values({ accountId: account.id, email, passwordHash, role, name: input.name ?? "", features: input.features ?? {} })
        .returning();
      if (!user) throw new Error("The user was not created.");
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError(email);
    throw error;
  }
}
