CREATE TABLE "access_alert_watermark" (
	"name" text PRIMARY KEY NOT NULL,
	"last_audit_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_alerts_sent" (
	"patient_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_alerts_sent_patient_id_reader_id_pk" PRIMARY KEY("patient_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "access_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"patient_id" integer NOT NULL,
	"reported_by" integer NOT NULL,
	"comment" text,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"answer" text,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "access_disputes_audit_id_unique" UNIQUE("audit_id")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "access_alerts" text DEFAULT 'OFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_alerts_sent" ADD CONSTRAINT "access_alerts_sent_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_disputes" ADD CONSTRAINT "access_disputes_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_disputes" ADD CONSTRAINT "access_disputes_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_disputes" ADD CONSTRAINT "access_disputes_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_disputes_patient" ON "access_disputes" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "access_disputes_state" ON "access_disputes" USING btree ("state","created_at");--> statement-breakpoint
-- Alerts start from now: the trail written before the option existed is never alerted.
INSERT INTO "access_alert_watermark" ("name", "last_audit_id") SELECT 'audit', coalesce(max("id"), 0) FROM "audit_log";
