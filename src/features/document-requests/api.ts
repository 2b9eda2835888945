/** The copy-request calls (spec 7, "Document requests"), each reply checked against the contract. */
import { api } from '../../api/client';
import { fetchDocumentList } from '../../api/documents';
import { getJson, sendJson } from '../../api/request';
import {
  AvailableDelivery,
  CheckDelivery,
  type CreateRequestBody,
  type DeliveryType,
  DocumentRequest,
  Hospitalizations,
  PriceList,
  Quote,
  RequestArchive,
  RequestLimits,
} from '../../contract/document-requests';
import type { DocumentList } from '../../contract/documents';

export const DOCUMENTS_PAGE_SIZE = 50;
export const ARCHIVE_PAGE_SIZE = 20;

export function fetchDocuments(patientId: number, offset: number): Promise<DocumentList> {
  return fetchDocumentList({ patientId, pageSize: DOCUMENTS_PAGE_SIZE, offset });
}

export function fetchHospitalizations(patientId: number): Promise<Hospitalizations> {
  return getJson('hospitalizations', Hospitalizations, { searchParams: { patientId } });
}

export interface RequestSettings {
  available: AvailableDelivery;
  limits: RequestLimits;
  prices: PriceList;
}

export async function fetchSettings(): Promise<RequestSettings> {
  const [available, limits, prices] = await Promise.all([
    getJson('documentRequest/availableDelivery', AvailableDelivery),
    getJson('documentRequest/maxNumberOfCopiesAndCharacters', RequestLimits),
    getJson('priceList', PriceList),
  ]);
  return { available, limits, prices };
}

export function checkDelivery(selectedType: DeliveryType): Promise<CheckDelivery> {
  return getJson('documentRequest/checkDelivery', CheckDelivery, { searchParams: { selectedType } });
}

/** The summary's price; a 400 or 409 is shown by the summary itself, not as a toast. */
export function quoteRequest(body: CreateRequestBody): Promise<Quote> {
  return sendJson('post', 'documentRequest/quote', body, Quote, { context: { quiet: [400, 409] } });
}

export function createRequest(body: CreateRequestBody): Promise<DocumentRequest> {
  return sendJson('post', 'documentRequest/createRequest', body, DocumentRequest, {
    context: { quiet: [400, 409] },
  });
}

export function fetchArchive(patientId: number, offset: number): Promise<RequestArchive> {
  return getJson('documentRequest/archive', RequestArchive, {
    searchParams: { patientId, max: ARCHIVE_PAGE_SIZE, offset },
  });
}

export function cancelRequest(id: number): Promise<DocumentRequest> {
  return sendJson('put', `documentRequest/${id}/cancel`, {}, DocumentRequest);
}

export async function deleteRequest(id: number): Promise<void> {
  await api().delete(`documentRequest/${id}`);
}
