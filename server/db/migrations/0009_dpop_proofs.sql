CREATE TABLE "dpop_proofs" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dpop_proofs_expires_idx" ON "dpop_proofs" USING btree ("expires_at");