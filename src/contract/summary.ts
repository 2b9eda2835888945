import * as v from 'valibot';
import { EntityIdText } from './common';

/**
 * `GET /summary/pdf?patientId=`: the patient summary (the IPS document of `GET /fhir/Patient/{id}/$summary`)
 * as a PDF in the caller's language, a download (`sintesi-<day>.pdf`).
 */
export const SummaryPdfQuery = v.object({ patientId: EntityIdText });
export type SummaryPdfQuery = v.InferOutput<typeof SummaryPdfQuery>;
