-- Patient search on a large population. The extension goes to `public` explicitly: test and bench runs use
-- schemas of their own, and an extension created inside one would vanish when that schema is dropped.
-- Parallel first migrations (test files on a fresh server) race on the catalogue: the loser just goes on.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_surname_trgm_idx" ON "patients" USING gin (lower("surname") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_name_trgm_idx" ON "patients" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_fiscal_code_trgm_idx" ON "patients" USING gin ("fiscal_code" public.gin_trgm_ops);
--> statement-breakpoint
-- The unfiltered list (and its max=1 probe) walks this in order and counts it without touching the table.
CREATE INDEX IF NOT EXISTS "patients_active_order_idx" ON "patients" USING btree (lower("surname"), lower("name"), "mepi_id") WHERE NOT "merged";
--> statement-breakpoint
-- mepiSearch by person identifier: containment on the identifiers array, a scan of the whole JSON otherwise.
CREATE INDEX IF NOT EXISTS "patients_identifiers_idx" ON "patients" USING gin ((("demographics" -> 'personIdentifiers')) jsonb_path_ops);
--> statement-breakpoint
-- Treatment history filters by user within a patient; the facets read distinct values per patient.
CREATE INDEX IF NOT EXISTS "audit_log_patient_user_idx" ON "audit_log" USING btree ("patient_id", "user_id");
