CREATE TABLE "event_controls" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "room_chat_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid,
	"from" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"to_all" boolean DEFAULT false NOT NULL,
	"to_registrant_id" uuid,
	"reply_to" uuid,
	"client_id" text NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"emailed" boolean DEFAULT false NOT NULL,
	"sent_by" text,
	"sent_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_chat_mutes" (
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid NOT NULL,
	"muted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_chat_mutes_event_id_registrant_id_pk" PRIMARY KEY("event_id","registrant_id")
);
--> statement-breakpoint
CREATE TABLE "room_console_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"by" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_controls" ADD CONSTRAINT "event_controls_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_controls" ADD CONSTRAINT "event_controls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_messages" ADD CONSTRAINT "room_chat_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_messages" ADD CONSTRAINT "room_chat_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_messages" ADD CONSTRAINT "room_chat_messages_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_messages" ADD CONSTRAINT "room_chat_messages_to_registrant_id_registrants_uuid_fk" FOREIGN KEY ("to_registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_messages" ADD CONSTRAINT "room_chat_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_mutes" ADD CONSTRAINT "room_chat_mutes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_mutes" ADD CONSTRAINT "room_chat_mutes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_mutes" ADD CONSTRAINT "room_chat_mutes_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_console_actions" ADD CONSTRAINT "room_console_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_console_actions" ADD CONSTRAINT "room_console_actions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_console_actions" ADD CONSTRAINT "room_console_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_chat_messages_event_seq_idx" ON "room_chat_messages" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "room_chat_messages_rate_idx" ON "room_chat_messages" USING btree ("event_id","registrant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_chat_messages_attendee_client_idx" ON "room_chat_messages" USING btree ("event_id","registrant_id","client_id") WHERE "room_chat_messages"."registrant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "room_chat_messages_host_client_idx" ON "room_chat_messages" USING btree ("event_id","sent_by_user_id","client_id") WHERE "room_chat_messages"."registrant_id" is null;--> statement-breakpoint
CREATE INDEX "room_console_actions_event_at_idx" ON "room_console_actions" USING btree ("event_id","at");