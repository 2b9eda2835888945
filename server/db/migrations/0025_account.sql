CREATE TABLE "account_switches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "person_key" text;--> statement-breakpoint
ALTER TABLE "account_switches" ADD CONSTRAINT "account_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_switches_user_at_idx" ON "account_switches" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "users_person_key_idx" ON "users" USING btree ("person_key");