CREATE TABLE "platform_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid,
	"platform" text NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_registrants" (
	"registrant_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"remote_id" text DEFAULT '' NOT NULL,
	"join_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"series_id" uuid,
	"integration_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"remote_id" text DEFAULT '' NOT NULL,
	"occurrence_id" text DEFAULT '' NOT NULL,
	"synced_starts_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"attendance_imported_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_log" ADD CONSTRAINT "platform_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_registrants" ADD CONSTRAINT "platform_registrants_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_registrants" ADD CONSTRAINT "platform_registrants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_sessions" ADD CONSTRAINT "platform_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_log_event_idx" ON "platform_log" USING btree ("account_id","event_id","at");--> statement-breakpoint
CREATE INDEX "platform_registrants_event_idx" ON "platform_registrants" USING btree ("event_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_sessions_event_idx" ON "platform_sessions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "platform_sessions_account_idx" ON "platform_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "platform_sessions_open_idx" ON "platform_sessions" USING btree ("status") WHERE "platform_sessions"."status" <> 'cancelled';