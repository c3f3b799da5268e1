CREATE TABLE "room_presence" (
	"event_id" uuid NOT NULL,
	"hub_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"registrant_ids" uuid[] NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_presence_event_id_hub_id_pk" PRIMARY KEY("event_id","hub_id")
);
--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" DROP COLUMN "written_by";