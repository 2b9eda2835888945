CREATE TABLE "survey_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"state" text DEFAULT 'TODO' NOT NULL,
	"answers" jsonb,
	"refusal_reason" text,
	"updated_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "survey_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"project_id" integer,
	"due_date" date NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "survey_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"questionnaire" jsonb NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "survey_assignments" ADD CONSTRAINT "survey_assignments_card_id_survey_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "survey_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_assignments" ADD CONSTRAINT "survey_assignments_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_cards" ADD CONSTRAINT "survey_cards_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "survey_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_cards" ADD CONSTRAINT "survey_cards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_cards" ADD CONSTRAINT "survey_cards_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD CONSTRAINT "survey_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_assignments_card_patient" ON "survey_assignments" USING btree ("card_id","patient_id");--> statement-breakpoint
CREATE INDEX "survey_assignments_patient" ON "survey_assignments" USING btree ("patient_id","state");--> statement-breakpoint
CREATE INDEX "survey_cards_created_by" ON "survey_cards" USING btree ("created_by_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_templates_one_current" ON "survey_templates" USING btree ("family") WHERE retired_at is null;