import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";

const accountId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Add-ons bought (`GET purchases`): only action packs exist (spec §3). */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    type: text("type").$type<"actions">().notNull(),
    quantity: integer("quantity").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("purchases_account_idx").on(t.accountId)],
);

/**
 * What the account used, one row per event (`user/resource_history`, and the sums of
 * `user/resource_status`). `type`: actions, webinar_hours, recurring_timelines. The engine
 * writes an `actions` row per action carried out; webinars write `webinar_hours`.
 */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    type: text("type").notNull(),
    quantity: doublePrecision("quantity").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("usage_events_account_time_idx").on(t.accountId, t.createdAt)],
);

/**
 * The account's subscription as the billing provider last reported it. The `local` provider
 * owns these rows outright; a card processor's provider would mirror its own records here.
 */
export const subscriptions = pgTable("subscriptions", {
  accountId: accountId().primaryKey(),
  provider: text("provider").notNull(),
  plan: text("plan").notNull(),
  frequency: text("frequency").$type<"monthly" | "yearly">().notNull(),
  status: text("status").notNull(),
  renewsAt: timestamp("renews_at", { withTimezone: true }),
  cancelAt: timestamp("cancel_at", { withTimezone: true }),
  paymentMethodId: text("payment_method_id"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every change a billing provider made, in order: the audit trail of plans and payments. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    provider: text("provider").notNull(),
    kind: text("kind").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("billing_events_account_idx").on(t.accountId, t.createdAt)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
