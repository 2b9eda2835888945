CREATE TABLE "pai_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"pai_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"planned_date" date NOT NULL,
	"status" text DEFAULT 'TODO' NOT NULL,
	"delivery_date" date,
	"done_by_id" integer,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pai_activity_reminders" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"days" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pai_folder_documents" (
	"folder_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "pai_folder_documents_folder_id_document_id_pk" PRIMARY KEY("folder_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "pai_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pai_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pai_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"folder_names" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "pai_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pais" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"replaced_by_id" integer,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pai_activities" ADD CONSTRAINT "pai_activities_pai_id_pais_id_fk" FOREIGN KEY ("pai_id") REFERENCES "pais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pai_activities" ADD CONSTRAINT "pai_activities_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pai_activity_reminders" ADD CONSTRAINT "pai_activity_reminders_activity_id_pai_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "pai_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pai_activity_reminders" ADD CONSTRAINT "pai_activity_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pai_folder_documents" ADD CONSTRAINT "pai_folder_documents_folder_id_pai_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "pai_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pai_folder_documents" ADD CONSTRAINT "pai_folder_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pai_folders" ADD CONSTRAINT "pai_folders_pai_id_pais_id_fk" FOREIGN KEY ("pai_id") REFERENCES "pais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pais" ADD CONSTRAINT "pais_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pais" ADD CONSTRAINT "pais_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pais" ADD CONSTRAINT "pais_type_id_pai_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "pai_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pais" ADD CONSTRAINT "pais_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pai_activities_pai" ON "pai_activities" USING btree ("pai_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pai_activity_reminders_key" ON "pai_activity_reminders" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "pai_folders_pai" ON "pai_folders" USING btree ("pai_id","position");--> statement-breakpoint
CREATE INDEX "pais_patient" ON "pais" USING btree ("patient_id","valid_from");