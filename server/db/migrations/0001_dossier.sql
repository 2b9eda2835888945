CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_role" text NOT NULL,
	"user_name" text NOT NULL,
	"access_title" text NOT NULL,
	"patient_id" integer NOT NULL,
	"activity" text NOT NULL,
	"document_id" integer,
	"document_type_code" text,
	"outcome" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"code" text PRIMARY KEY NOT NULL,
	"desc_it" text NOT NULL,
	"desc_en" text NOT NULL,
	"viewable_by_patient" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"document_type_code" text NOT NULL,
	"provenance_unit_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"restore_requested_at" timestamp with time zone,
	"accession_number" text,
	"obscuring" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_version_id" integer,
	"superseded" boolean DEFAULT false NOT NULL,
	"page_count" integer DEFAULT 1 NOT NULL,
	"author_name" text NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"study_id" text PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"accession_number" text NOT NULL,
	"provenance_unit_id" integer NOT NULL,
	"study_location" text,
	"modality" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"move_requested_at" timestamp with time zone,
	"slice_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_grants" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_type_code_document_types_code_fk" FOREIGN KEY ("document_type_code") REFERENCES "document_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_provenance_unit_id_units_id_fk" FOREIGN KEY ("provenance_unit_id") REFERENCES "units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_provenance_unit_id_units_id_fk" FOREIGN KEY ("provenance_unit_id") REFERENCES "units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_grants" ADD CONSTRAINT "view_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_grants" ADD CONSTRAINT "view_grants_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_patient_at_idx" ON "audit_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "documents_patient_created_idx" ON "documents" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_patient_type_idx" ON "documents" USING btree ("patient_id","document_type_code");--> statement-breakpoint
CREATE INDEX "documents_accession_idx" ON "documents" USING btree ("accession_number");--> statement-breakpoint
CREATE INDEX "studies_accession_idx" ON "studies" USING btree ("accession_number","patient_id");--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
