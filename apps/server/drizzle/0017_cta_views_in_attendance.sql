ALTER TABLE "attendance" ADD COLUMN "cta_seen" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
INSERT INTO "attendance" ("account_id", "event_id", "registrant_id", "cta_seen")
  SELECT "account_id", "event_id", "registrant_id", array_agg(DISTINCT "node_key") FROM "room_activity"
  WHERE "kind" = 'cta_view' AND "registrant_id" IS NOT NULL GROUP BY "account_id", "event_id", "registrant_id"
  ON CONFLICT ("event_id", "registrant_id") DO UPDATE SET "cta_seen" = excluded."cta_seen";--> statement-breakpoint
DELETE FROM "room_activity" WHERE "kind" = 'cta_view';--> statement-breakpoint
DROP INDEX "room_activity_cta_view_idx";
