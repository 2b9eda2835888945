/** The rehabilitation-plan calls (spec 7): plans, their document, decision support, vocabularies. */
import { api } from '../../api/client';
import { getJson, sendJson } from '../../api/request';
import {
  AdequacyReply,
  CodingSchema,
  EligibilityReply,
  Pair,
  type PairInput,
  PairList,
  PreparePairReply,
  type UpdatePairBody,
} from '../../contract/pair';

export const fetchCoding = (): Promise<CodingSchema> => getJson('codingSchema', CodingSchema);

export async function fetchPairs(patientId: number): Promise<Pair[]> {
  return (await getJson(`pair?patientId=${patientId}`, PairList)).pairs;
}

export const fetchPair = (id: number): Promise<Pair> => getJson(`pair/${id}`, Pair);

/** Field errors (400) are shown beside the fields by the form, not as a toast. */
export const createPair = (patientId: number, plan: PairInput): Promise<Pair> =>
  sendJson('post', 'pair/createPair', { ...plan, patientId }, Pair, { context: { quiet: [400] } });

export const updatePair = (id: number, body: UpdatePairBody): Promise<Pair> =>
  sendJson('put', `pair/updatePair/${id}`, body, Pair, { context: { quiet: [400] } });

export async function deletePair(id: number): Promise<void> {
  await api().delete(`pair/${id}`);
}

export async function preparePairDocument(patientId: number, pairId: number): Promise<number[]> {
  return (
    await sendJson('post', `pair/preparePairDocument?patientId=${patientId}`, { pairId }, PreparePairReply)
  ).documentIds;
}

/** Decision support: a failure is the caller's to show ('Errore durante il recupero delle raccomandazioni'). */
export const verifyEligibility = (patientId: number): Promise<EligibilityReply> =>
  getJson(`dss/verifyPatientEligibility?patientId=${patientId}`, EligibilityReply, {
    context: { quiet: true },
  });

export const verifyAdequacy = (patientId: number, draft: unknown): Promise<AdequacyReply> =>
  sendJson('post', `dss/verifyPlanAdequacy?patientId=${patientId}`, draft, AdequacyReply, {
    context: { quiet: true },
  });
