CREATE TABLE "room_chat_rates" (
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid NOT NULL,
	"sent_at" timestamp with time zone[] NOT NULL,
	CONSTRAINT "room_chat_rates_event_id_registrant_id_pk" PRIMARY KEY("event_id","registrant_id")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "written_by" text;--> statement-breakpoint
ALTER TABLE "room_chat_rates" ADD CONSTRAINT "room_chat_rates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_rates" ADD CONSTRAINT "room_chat_rates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_chat_rates" ADD CONSTRAINT "room_chat_rates_registrant_id_registrants_uuid_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("uuid") ON DELETE cascade ON UPDATE no action;