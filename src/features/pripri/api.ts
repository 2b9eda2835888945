/** The PRIpri calls: the monitoring of the active plan, and a new session. */
import { getJson, sendJson } from '../../api/request';
import { CodingSchema } from '../../contract/pair';
import { type NewPripriSession, Pripri } from '../../contract/pripri';

export const fetchPripri = (patientId: number): Promise<Pripri> => getJson(`pripri/${patientId}`, Pripri);

/** Field errors and a second session on a day are shown in the form, not as a toast. */
export const recordSession = (patientId: number, body: NewPripriSession): Promise<Pripri> =>
  sendJson('post', `pripri/${patientId}/sessions`, body, Pripri, { context: { quiet: [400, 409] } });

/** The index names (the PAIR vocabularies, fetched here too: features do not share code). */

export const fetchIndexNames = async (): Promise<Map<string, string>> =>
  new Map(
    (await getJson('codingSchema', CodingSchema)).monitoringIndex.map((item) => [
      item.code,
      item.unit ? `${item.display} (${item.unit})` : item.display,
    ]),
  );
