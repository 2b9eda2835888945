CREATE TABLE "record_export_chunks" (
	"export_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "record_export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "record_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"documents_total" integer,
	"documents_done" integer DEFAULT 0 NOT NULL,
	"documents_offline" integer DEFAULT 0 NOT NULL,
	"bytes" bigint,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "record_export_chunks" ADD CONSTRAINT "record_export_chunks_export_id_record_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "record_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_exports_requester_idx" ON "record_exports" USING btree ("requested_by","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "record_exports_state_idx" ON "record_exports" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_exports_one_in_progress" ON "record_exports" USING btree ("patient_id","requested_by") WHERE state in ('queued', 'running');