CREATE TABLE "conference_presence" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference_presence" ADD CONSTRAINT "conference_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_presence_seen" ON "conference_presence" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conferences_one_open_request" ON "conferences" USING btree ("requested_by_user_id","patient_id") WHERE state = 'INVITED';