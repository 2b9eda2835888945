CREATE TABLE "shl_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"jwe" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shl_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"manifest_id" text NOT NULL,
	"patient_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"label" text NOT NULL,
	"passcode_hash" text,
	"remaining_attempts" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"with_summary" boolean NOT NULL,
	"document_count" integer NOT NULL,
	CONSTRAINT "shl_links_manifest_id_unique" UNIQUE("manifest_id")
);
--> statement-breakpoint
CREATE TABLE "shl_opens" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shl_files" ADD CONSTRAINT "shl_files_link_id_shl_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "shl_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shl_links" ADD CONSTRAINT "shl_links_patient_id_patients_mepi_id_fk" FOREIGN KEY ("patient_id") REFERENCES "patients"("mepi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shl_links" ADD CONSTRAINT "shl_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shl_opens" ADD CONSTRAINT "shl_opens_link_id_shl_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "shl_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shl_files_link_idx" ON "shl_files" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "shl_links_patient_idx" ON "shl_links" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "shl_opens_link_idx" ON "shl_opens" USING btree ("link_id","opened_at");