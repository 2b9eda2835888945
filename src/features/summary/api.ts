/** The summary's calls: the IPS document from the FHIR endpoint, its PDF from the API. */
import { api } from '../../api/client';
import { reportInvalidReply, reportTransportError } from '../../api/error-report';
import { getFhirJson } from '../../api/fhir';
import { type IpsDocument, readIpsDocument } from '../../ui/ips/ips-document';
import { dispositionName, summaryFileName } from './files';

/** The Bundle as it came (saved as the JSON download) and as the renderer reads it. */
export interface LoadedSummary {
  bundle: unknown;
  document: IpsDocument;
}

/** `GET /fhir/Patient/{id}/$summary`: the IPS document of what the caller may see, audited as a read. */
export async function fetchSummary(patientId: number): Promise<LoadedSummary> {
  const bundle = await getFhirJson(`Patient/${patientId}/$summary`);
  const document = readIpsDocument(bundle);
  if (!document) {
    reportInvalidReply();
    throw new Error('The summary is not an IPS document');
  }
  return { bundle, document };
}

/** `GET /summary/pdf?patientId=`: the same summary laid out as a PDF, in the interface's language. */
export async function fetchSummaryPdf(patientId: number): Promise<{ blob: Blob; filename: string }> {
  try {
    const response = await api().get('summary/pdf', {
      searchParams: { patientId: String(patientId) },
      headers: { Accept: 'application/pdf' },
    });
    const blob = await response.blob();
    const fallback = summaryFileName(undefined, 'pdf');
    return { blob, filename: dispositionName(response.headers.get('Content-Disposition'), fallback) };
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}
