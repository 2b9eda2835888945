-- Reference data every installation needs: the dossier type of a signed rehabilitation plan (spec 9, 180.051) and its provenance.
INSERT INTO "document_types" ("code", "desc_it", "desc_en", "viewable_by_patient") VALUES ('180.051', 'Piano riabilitativo', 'Rehabilitation plan', true) ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "units" ("code", "name", "hospital") VALUES ('RIAB', 'Medicina riabilitativa', 'Portale del paziente') ON CONFLICT ("code") DO NOTHING;
