ALTER TABLE "uploaded_documents" ADD COLUMN "owner_seen_at" timestamp with time zone;--> statement-breakpoint
-- Reference data every installation needs, not only the demo: the dossier type and provenance of uploads a physician validated.
INSERT INTO "document_types" ("code", "desc_it", "desc_en", "viewable_by_patient") VALUES ('UPL', 'Documento caricato dal paziente', 'Document uploaded by the patient', true) ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "units" ("code", "name", "hospital") VALUES ('UPL', 'Caricato dal paziente', 'Portale del paziente') ON CONFLICT ("code") DO NOTHING;
