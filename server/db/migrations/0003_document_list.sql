-- The document list: one patient's current versions, newest first (created_at, then id). The page walks
-- this index in order and stops after `max` rows; the exact total counts the same range of it.
CREATE INDEX IF NOT EXISTS "documents_patient_list_idx" ON "documents" USING btree ("patient_id", "superseded", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Every list read settles finished restores first: only rows in RESTORING matter, and there are few.
CREATE INDEX IF NOT EXISTS "documents_restoring_idx" ON "documents" USING btree ("patient_id") WHERE "status" = 'RESTORING';
