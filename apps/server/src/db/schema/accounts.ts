import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ColorModePreference, ExperienceLevel, RoleCode } from "@cuepoint/sdk";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The tenant. Every other row carries an `account_id`, and every query the API runs filters by
 * the caller's account, so one account can never read or change another's data.
 */
export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().default(""),
  /** Actions granted on top of the plan (support goodwill, promotions): `additional_actions`. */
  additionalActions: integer("additional_actions").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A person who logs in. The spec has no sign-up: users come from the admin CLI
 * (`pnpm cuepoint user create`). Email is unique without regard to case.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** `scrypt$N=…,r=…,p=…$salt$hash`: see auth/password.ts. */
    passwordHash: text("password_hash").notNull(),
    /** The wire code of spec §6 (`"1"` advanced, `"99"` admin…), as `ROLE_CODES` gives it. */
    role: text("role").$type<RoleCode>().notNull(),
    name: text("name").notNull().default(""),
    domain: text("domain").notNull().default(""),
    beta: smallint("beta").notNull().default(0),
    features: jsonb("features").$type<Record<string, unknown>>().notNull().default({}),
    skillLevel: text("skill_level").$type<ExperienceLevel>().notNull().default("beginner"),
    theme: text("theme").$type<ColorModePreference>().notNull().default("system"),
    /**
     * The terms version the user agreed to. `agreed_current_terms` is computed against the
     * current version, so publishing new terms asks everyone again without touching rows.
     */
    agreedTermsVersion: text("agreed_terms_version"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`), index("users_account_idx").on(t.accountId)],
);

/** Server-wide settings as JSON values: the banner, the terms, the support-chat secret. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
