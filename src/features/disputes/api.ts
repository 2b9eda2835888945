/** The privacy officer's calls: the open reports, and the answer that closes one. */
import { getJson, sendJson } from '../../api/request';
import { Dispute, type DisputeAnswer, DisputeQueue } from '../../contract/disputes';

export function fetchDisputeQueue(): Promise<DisputeQueue> {
  return getJson('disputes/queue', DisputeQueue);
}

export function answerDispute(id: number, answer: DisputeAnswer): Promise<Dispute> {
  return sendJson('put', `disputes/${id}/answer`, answer, Dispute);
}
