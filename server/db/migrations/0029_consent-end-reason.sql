ALTER TABLE "consents" ADD COLUMN "end_reason" text;--> statement-breakpoint
UPDATE "consents" AS "ended" SET "end_reason" = CASE WHEN "previous"."status_code" = 'INVITE' THEN 'INVITATION_WITHDRAWN' ELSE 'PROJECT_REMOVED' END FROM "consents" AS "previous" WHERE "previous"."id" = "ended"."previous_consent_id" AND "ended"."details" ? 'removedBy';
