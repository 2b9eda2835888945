CREATE TABLE "allergies" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"document_id" integer,
	"snomed_code" text NOT NULL,
	"display_it" text NOT NULL,
	"display_en" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"criticality" text NOT NULL,
	"clinical_status" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"document_id" integer,
	"icd9cm_code" text NOT NULL,
	"snomed_code" text NOT NULL,
	"display_it" text NOT NULL,
	"display_en" text NOT NULL,
	"clinical_status" text NOT NULL,
	"onset_date" date,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "immunizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"document_id" integer,
	"snomed_code" text NOT NULL,
	"atc_code" text NOT NULL,
	"display_it" text NOT NULL,
	"display_en" text NOT NULL,
	"occurred_on" date NOT NULL,
	"lot_number" text
);
--> statement-breakpoint
CREATE TABLE "medication_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"document_id" integer,
	"atc_code" text NOT NULL,
	"medication_text" text NOT NULL,
	"dosage_text" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"document_id" integer,
	"loinc_code" text NOT NULL,
	"display_it" text NOT NULL,
	"display_en" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"unit_display" text NOT NULL,
	"reference_low" double precision,
	"reference_high" double precision,
	"effective_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_statements" ADD CONSTRAINT "medication_statements_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_statements" ADD CONSTRAINT "medication_statements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergies_patient_idx" ON "allergies" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "conditions_patient_idx" ON "conditions" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "immunizations_patient_idx" ON "immunizations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "medication_statements_patient_idx" ON "medication_statements" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "observations_patient_idx" ON "observations" USING btree ("patient_id","loinc_code","effective_at");--> statement-breakpoint
CREATE INDEX "observations_document_idx" ON "observations" USING btree ("document_id");