CREATE TABLE "guest_documents" (
	"guest_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "guest_documents_guest_id_document_id_pk" PRIMARY KEY("guest_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"guest_user_id" integer NOT NULL,
	"relationship" text NOT NULL,
	"access_title" text NOT NULL,
	"rights" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_request_hospitalizations" (
	"hospitalization_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	CONSTRAINT "document_request_hospitalizations_hospitalization_id_pk" PRIMARY KEY("hospitalization_id")
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"items" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hospitalizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"patient_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"regime" text NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"discharged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploaded_document_approvers" (
	"upload_id" integer NOT NULL,
	"physician_user_id" integer NOT NULL,
	CONSTRAINT "uploaded_document_approvers_upload_id_physician_user_id_pk" PRIMARY KEY("upload_id","physician_user_id")
);
--> statement-breakpoint
CREATE TABLE "uploaded_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"document_type_code" text NOT NULL,
	"title" text NOT NULL,
	"document_date" date,
	"note" text,
	"stored_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"rejection_reason" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"dossier_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_documents_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
ALTER TABLE "guest_documents" ADD CONSTRAINT "guest_documents_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_documents" ADD CONSTRAINT "guest_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_hospitalizations" ADD CONSTRAINT "document_request_hospitalizations_hospitalization_id_hospitalizations_id_fk" FOREIGN KEY ("hospitalization_id") REFERENCES "hospitalizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_hospitalizations" ADD CONSTRAINT "document_request_hospitalizations_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitalizations" ADD CONSTRAINT "hospitalizations_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitalizations" ADD CONSTRAINT "hospitalizations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_document_approvers" ADD CONSTRAINT "uploaded_document_approvers_upload_id_uploaded_documents_id_fk" FOREIGN KEY ("upload_id") REFERENCES "uploaded_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_document_approvers" ADD CONSTRAINT "uploaded_document_approvers_physician_user_id_users_id_fk" FOREIGN KEY ("physician_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_dossier_document_id_documents_id_fk" FOREIGN KEY ("dossier_document_id") REFERENCES "documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_documents_document_idx" ON "guest_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "guests_patient_idx" ON "guests" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_live_pair_idx" ON "guests" USING btree ("patient_id","guest_user_id") WHERE "guests"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "document_request_hospitalizations_request_idx" ON "document_request_hospitalizations" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "document_requests_patient_idx" ON "document_requests" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hospitalizations_code_idx" ON "hospitalizations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "hospitalizations_patient_idx" ON "hospitalizations" USING btree ("patient_id","admitted_at");--> statement-breakpoint
CREATE INDEX "uploaded_document_approvers_physician_idx" ON "uploaded_document_approvers" USING btree ("physician_user_id");--> statement-breakpoint
CREATE INDEX "uploaded_documents_patient_idx" ON "uploaded_documents" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_documents_status_idx" ON "uploaded_documents" USING btree ("status","created_at");