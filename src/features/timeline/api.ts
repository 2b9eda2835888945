import * as v from 'valibot';
import { documentListPath } from '../../api/documents';
import { reportInvalidReply } from '../../api/error-report';
import { getJson } from '../../api/request';
import { Document } from '../../contract/documents';
import { TIMELINE_MAX_DOCUMENTS } from './timeline-config';
import { inSlices } from './yield';

/** The reply's frame only: its up to 5,000 documents are checked below, a slice at a time. */
const TimelineReply = v.object({ documents: v.array(v.unknown()) });

/**
 * `GET /documents`: the whole dossier of a patient for the timeline (up to 5,000 documents). Every document
 * is validated with the contract as any reply is, but in slices: checked at once they were a long task.
 */
export async function fetchTimelineDocuments(patientId: number): Promise<Document[]> {
  const path = documentListPath({ patientId, pageSize: TIMELINE_MAX_DOCUMENTS });
  const reply = await getJson(path, TimelineReply);
  const documents: Document[] = [];
  const check = (batch: readonly unknown[]): void => {
    for (const raw of batch) {
      const result = v.safeParse(Document, raw);
      if (!result.success) {
        reportInvalidReply();
        throw new v.ValiError(result.issues);
      }
      documents.push(result.output);
    }
  };
  await inSlices(reply.documents, check, () => false);
  return documents;
}
