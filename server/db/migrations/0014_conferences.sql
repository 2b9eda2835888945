CREATE TABLE "conferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"invitee_user_id" integer NOT NULL,
	"room" text NOT NULL,
	"state" text DEFAULT 'INVITED' NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "conferences_room_unique" UNIQUE("room")
);
--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conferences_invitee" ON "conferences" USING btree ("invitee_user_id","created_at");--> statement-breakpoint
CREATE INDEX "conferences_requested_by" ON "conferences" USING btree ("requested_by_user_id","created_at");