/**
 * The results' calls: the analytes and one analyte's trend (anyone who may read the record), the patient's
 * own readings (read by the same, written only by the patient).
 */
import { getJson, sendJson, sendNoContent } from '../../api/request';
import {
  Reading,
  type ReadingCreateBody,
  type ReadingFields,
  ReadingHistory,
  ReadingList,
  ResultList,
  ResultSeries,
} from '../../contract/results';

export function fetchResults(patientId: number): Promise<ResultList> {
  return getJson('results', ResultList, { searchParams: { patientId } });
}

/** A 404 (a code the reader has no value of) is the screen's to say, not a toast. */
export function fetchSeries(patientId: number, code: string): Promise<ResultSeries> {
  return getJson('results/series', ResultSeries, {
    searchParams: { patientId, code },
    context: { quiet: [404] },
  });
}

export function fetchReadings(patientId: number): Promise<ReadingList> {
  return getJson('readings', ReadingList, { searchParams: { patientId } });
}

/** A 400 names the fields in error: the form shows them there, not as a toast. */
export function addReading(body: ReadingCreateBody): Promise<Reading> {
  return sendJson('post', 'readings', body, Reading, { context: { quiet: [400] } });
}

export function correctReading(id: number, fields: ReadingFields): Promise<Reading> {
  return sendJson('put', `readings/${id}`, fields, Reading, { context: { quiet: [400] } });
}

export function deleteReading(id: number): Promise<void> {
  return sendNoContent('delete', `readings/${id}`);
}

export function fetchReadingHistory(id: number): Promise<ReadingHistory> {
  return getJson(`readings/${id}/history`, ReadingHistory);
}
