CREATE TABLE "pair_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"start_date" date NOT NULL,
	"stop_date" date NOT NULL,
	"exercises" jsonb NOT NULL,
	"thresholds" jsonb NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"closing_date" date,
	"closing_reason" text,
	"document_id" integer,
	"replaces_id" integer
);
--> statement-breakpoint
CREATE TABLE "pripri_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"session_date" date NOT NULL,
	"measures" jsonb NOT NULL,
	"recorded_by_user_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pair_plans" ADD CONSTRAINT "pair_plans_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_plans" ADD CONSTRAINT "pair_plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_plans" ADD CONSTRAINT "pair_plans_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pripri_sessions" ADD CONSTRAINT "pripri_sessions_plan_id_pair_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "pair_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pripri_sessions" ADD CONSTRAINT "pripri_sessions_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pripri_sessions" ADD CONSTRAINT "pripri_sessions_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pair_plans_patient" ON "pair_plans" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pair_plans_one_active" ON "pair_plans" USING btree ("patient_id") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "pripri_sessions_plan_day" ON "pripri_sessions" USING btree ("plan_id","session_date");