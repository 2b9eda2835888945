-- Patient search at a million. Prefix searches (`surname=ro`) counted and paged from covering
-- indexes, never from the table: keys in collation "C" so that LIKE 'ro%' is a range scan in any
-- database collation, and the list order comes straight from the order index (code-point order, which
-- C.UTF-8 already gave). The INCLUDE columns are every column the filters and order keys read.
DROP INDEX IF EXISTS "patients_active_order_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_active_order_idx" ON "patients" USING btree ((lower("surname") COLLATE "C"), (lower("name") COLLATE "C"), "mepi_id") INCLUDE ("surname", "name", "fiscal_code", "birth_date", "alive") WHERE NOT "merged";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_name_prefix_idx" ON "patients" USING btree ((lower("name") COLLATE "C")) INCLUDE ("mepi_id", "surname", "name", "fiscal_code", "birth_date", "alive") WHERE NOT "merged";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_fiscal_code_prefix_idx" ON "patients" USING btree (("fiscal_code" COLLATE "C")) INCLUDE ("mepi_id", "surname", "name", "birth_date", "alive") WHERE NOT "merged";
--> statement-breakpoint
-- The unfiltered list's total (a million rows to count on every open of the screen): kept per position
-- status by a trigger in the transaction that changes the patients, so it is exact.
CREATE TABLE IF NOT EXISTS "patient_counts" (
  "alive" boolean NOT NULL,
  "merged" boolean NOT NULL,
  "total" bigint NOT NULL,
  PRIMARY KEY ("alive", "merged")
);
--> statement-breakpoint
INSERT INTO "patient_counts" ("alive", "merged", "total")
  SELECT "alive", "merged", count(*) FROM "patients" GROUP BY "alive", "merged"
  ON CONFLICT ("alive", "merged") DO UPDATE SET "total" = excluded."total";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patient_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "patient_counts" SET "total" = "total" - 1 WHERE "alive" = OLD."alive" AND "merged" = OLD."merged";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "patient_counts" ("alive", "merged", "total") VALUES (NEW."alive", NEW."merged", 1)
      ON CONFLICT ("alive", "merged") DO UPDATE SET "total" = "patient_counts"."total" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patient_counts_track" AFTER INSERT OR DELETE OR UPDATE OF "alive", "merged" ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "patient_counts_track"();
