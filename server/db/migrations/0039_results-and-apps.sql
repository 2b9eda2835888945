CREATE TABLE "patient_reading_versions" (
	"reading_id" integer NOT NULL,
	"version" integer NOT NULL,
	"change" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"systolic" double precision,
	"diastolic" double precision,
	"value" double precision,
	"note" text,
	CONSTRAINT "patient_reading_versions_reading_id_version_pk" PRIMARY KEY("reading_id","version")
);
--> statement-breakpoint
CREATE TABLE "patient_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"systolic" double precision,
	"diastolic" double precision,
	"value" double precision,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "smart_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"confidential" boolean NOT NULL,
	"client_secret" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "smart_apps_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "app_name" text;--> statement-breakpoint
ALTER TABLE "patient_reading_versions" ADD CONSTRAINT "patient_reading_versions_reading_id_patient_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "patient_readings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_readings" ADD CONSTRAINT "patient_readings_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_readings" ADD CONSTRAINT "patient_readings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_apps" ADD CONSTRAINT "smart_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_readings_patient_idx" ON "patient_readings" USING btree ("patient_id","kind","taken_at");