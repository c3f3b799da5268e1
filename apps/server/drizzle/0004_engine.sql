CREATE TABLE "action_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"timeline_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid NOT NULL,
	"scheduled_action_id" uuid NOT NULL,
	"node_key" text NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_settings" (
	"timeline_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"catch_up" jsonb NOT NULL,
	"quiet_hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_live_scripts" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"timeline_id" uuid NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"timeline_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid NOT NULL,
	"node_key" text NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "action_deliveries" ADD CONSTRAINT "action_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_deliveries" ADD CONSTRAINT "action_deliveries_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_deliveries" ADD CONSTRAINT "action_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_deliveries" ADD CONSTRAINT "action_deliveries_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_deliveries" ADD CONSTRAINT "action_deliveries_scheduled_action_id_scheduled_actions_id_fk" FOREIGN KEY ("scheduled_action_id") REFERENCES "public"."scheduled_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_live_scripts" ADD CONSTRAINT "event_live_scripts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_live_scripts" ADD CONSTRAINT "event_live_scripts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_live_scripts" ADD CONSTRAINT "event_live_scripts_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_timeline_id_timelines_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."timelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_deliveries_timeline_idx" ON "action_deliveries" USING btree ("timeline_id","at");--> statement-breakpoint
CREATE INDEX "action_deliveries_event_idx" ON "action_deliveries" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "action_deliveries_registrant_idx" ON "action_deliveries" USING btree ("registrant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_actions_identity_idx" ON "scheduled_actions" USING btree ("node_key","registrant_id","event_id");--> statement-breakpoint
CREATE INDEX "scheduled_actions_due_idx" ON "scheduled_actions" USING btree ("due_at") WHERE "scheduled_actions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_actions_event_node_idx" ON "scheduled_actions" USING btree ("event_id","node_key");--> statement-breakpoint
CREATE INDEX "scheduled_actions_timeline_idx" ON "scheduled_actions" USING btree ("timeline_id","status");--> statement-breakpoint
CREATE INDEX "scheduled_actions_registrant_idx" ON "scheduled_actions" USING btree ("registrant_id");