CREATE TABLE "cdc_contexts" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"patient_id" text NOT NULL,
	"page" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdc_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"private_jwk" text NOT NULL,
	"public_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdc_used_launches" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cdc_contexts_expiry" ON "cdc_contexts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cdc_used_launches_expiry" ON "cdc_used_launches" USING btree ("expires_at");