-- Views recorded twice by two instances at once (before this index) are kept once.
DELETE FROM "room_activity" AS "a" USING "room_activity" AS "b"
WHERE "a"."kind" = 'cta_view' AND "b"."kind" = 'cta_view' AND "a"."event_id" = "b"."event_id"
  AND "a"."node_key" = "b"."node_key" AND "a"."registrant_id" = "b"."registrant_id" AND "a"."id" > "b"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "room_activity_cta_view_idx" ON "room_activity" USING btree ("event_id","node_key","registrant_id") WHERE "room_activity"."kind" = 'cta_view';
