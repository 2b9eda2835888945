-- Every form of the patient screen at a million patients.
-- A fiscal-code prefix of one to three characters (the surname's letters: `R`, `RS`, `RSS`) matches up to a
-- tenth of the patients, and the fiscal-code index gives them out of list order: the page sorted them all
-- (31 ms for `RS`, over 100 ms for `R`). With the prefix as an equality on `left(fiscal_code, n)` in front
-- of the list order, the page is the index's first rows. Not partial, so ANALYZE keeps statistics on the
-- expression (the planner ignores a partial index's); not covering: only the page's rows reach the table.
-- The surname key is the list order's detached form (`|| ''`, patients-search.ts): with it the planner
-- cannot walk the order index of migration 0019 instead, betting that the matches come early in surname
-- order (they come late: 97 ms to skip 730,000 entries for `R`).
CREATE INDEX IF NOT EXISTS "patients_fiscal_code_1_idx" ON "patients" USING btree (left("fiscal_code", 1), ((lower("surname") COLLATE "C") || ''), (lower("name") COLLATE "C"), "mepi_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_fiscal_code_2_idx" ON "patients" USING btree (left("fiscal_code", 2), ((lower("surname") COLLATE "C") || ''), (lower("name") COLLATE "C"), "mepi_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_fiscal_code_3_idx" ON "patients" USING btree (left("fiscal_code", 3), ((lower("surname") COLLATE "C") || ''), (lower("name") COLLATE "C"), "mepi_id");
--> statement-breakpoint
-- The merged positions (few) in list order: `positionStatus=merged` read the whole table to find them, since
-- the order index of migration 0019 holds only the others (650 ms at a million, for none).
CREATE INDEX IF NOT EXISTS "patients_merged_order_idx" ON "patients" USING btree ((lower("surname") COLLATE "C"), (lower("name") COLLATE "C"), "mepi_id") INCLUDE ("surname", "name", "fiscal_code", "birth_date", "alive") WHERE "merged";
--> statement-breakpoint
-- No statement matches on trigrams (every search is a prefix on the "C" keys of migration 0019): the three
-- GIN indexes (140 MB at a million) only slowed every write of a patient.
DROP INDEX IF EXISTS "patients_surname_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "patients_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "patients_fiscal_code_trgm_idx";
--> statement-breakpoint
-- patient_counts once per statement, not once per row: an import of 2,000 patients updated its row 2,000
-- times, and after the million-patient seed the 4-row table was 40 MB of dead versions (the probe's total
-- took 9-18 ms). The rows are changed in key order, so two transactions never wait on each other in a cycle.
DROP TRIGGER IF EXISTS "patient_counts_track" ON "patients";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "patient_counts_track"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patient_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "patient_counts" ("alive", "merged", "total")
      SELECT "alive", "merged", count(*) FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("alive", "merged") DO UPDATE SET "total" = "patient_counts"."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "patient_counts" ("alive", "merged", "total")
      SELECT "alive", "merged", -count(*) FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("alive", "merged") DO UPDATE SET "total" = "patient_counts"."total" + excluded."total";
  ELSE
    INSERT INTO "patient_counts" ("alive", "merged", "total")
      SELECT "alive", "merged", sum("change") FROM (
        SELECT "alive", "merged", 1 AS "change" FROM "new_rows"
        UNION ALL SELECT "alive", "merged", -1 FROM "old_rows") AS "changes"
      GROUP BY 1, 2 HAVING sum("change") <> 0 ORDER BY 1, 2
      ON CONFLICT ("alive", "merged") DO UPDATE SET "total" = "patient_counts"."total" + excluded."total";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patient_counts_insert" AFTER INSERT ON "patients" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "patient_counts_update" AFTER UPDATE ON "patients" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "patient_counts_delete" AFTER DELETE ON "patients" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_counts_apply"();
--> statement-breakpoint
-- A fresh file for the counts (VACUUM cannot run in a migration): recounted while the table is locked.
TRUNCATE "patient_counts";
--> statement-breakpoint
INSERT INTO "patient_counts" ("alive", "merged", "total")
  SELECT "alive", "merged", count(*) FROM "patients" GROUP BY "alive", "merged";
--> statement-breakpoint
-- Statistics on the new index expressions now, not at the next autovacuum.
ANALYZE "patients";
