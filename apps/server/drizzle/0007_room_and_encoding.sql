CREATE TABLE "room_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid,
	"kind" text NOT NULL,
	"node_key" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "replay_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "replay_left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "replay_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "encoding_progress" smallint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "encoding_error" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "hls" jsonb;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_activity_event_kind_idx" ON "room_activity" USING btree ("event_id","kind");--> statement-breakpoint
-- Videos the earlier processor ended at 0 after reading their length only have no HLS: queue them again for the encoder.
UPDATE "media" SET "encoding_status" = 2, "processing_attempts" = 0, "processing_claimed_at" = NULL WHERE "type" = 'video' AND "hls" IS NULL AND "encoding_status" = 0;
