CREATE TABLE "conference_calls" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"waiting_since" timestamp with time zone,
	"admitted_at" timestamp with time zone,
	"patient_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conference_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"sender_user_id" integer NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference_calls" ADD CONSTRAINT "conference_calls_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_signals" ADD CONSTRAINT "conference_signals_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_signals" ADD CONSTRAINT "conference_signals_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_signals" ADD CONSTRAINT "conference_signals_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_signals_recipient" ON "conference_signals" USING btree ("conference_id","recipient_user_id","id");