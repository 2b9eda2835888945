/**
 * The signature calls (spec section 7, "Consents and signing"). Errors of the PIN and code steps are shown
 * beside the field, so those calls are quiet (no toast); the catalogue text comes from `failureMessage`.
 */
import { api } from '../api/client';
import { reportTransportError } from '../api/error-report';
import { getJson, sendJson } from '../api/request';
import type { CodeDesc } from '../contract/reference';
import type { SignOtpReply, SignSyncReply } from '../contract/signing';
import {
  PatientRelationships,
  SignOtpReply as SignOtpReplySchema,
  SignSyncReply as SignSyncReplySchema,
} from '../contract/signing';
import { saveBlob } from '../ui/save-file';

const QUIET = { context: { quiet: true } } as const;

/** Checks the PIN, then sends the code (a wrong PIN answers PIN_WRONG and sends nothing). */
export function requestSignatureCode(documentIds: readonly number[], pin: string): Promise<SignOtpReply> {
  return sendJson('post', 'sign/otp', { documentIds, pin }, SignOtpReplySchema, QUIET);
}

export function signDocuments(
  documentIds: readonly number[],
  pin: string,
  otp: string,
): Promise<SignSyncReply> {
  return sendJson('put', 'sign/sync', { documentIds, pin, otp }, SignSyncReplySchema, QUIET);
}

export async function fetchRelationships(): Promise<CodeDesc[]> {
  const reply = await getJson('sign/patientRelationship', PatientRelationships);
  return reply.patientRelationships;
}

async function pdfBytes(path: string): Promise<ArrayBuffer> {
  try {
    return await api()
      .get(path, { headers: { Accept: 'application/pdf' } })
      .arrayBuffer();
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}

/** A document prepared for signature (`GET /tempDocuments/{id}`). */
export function fetchTempDocument(documentId: number): Promise<ArrayBuffer> {
  return pdfBytes(`tempDocuments/${documentId}`);
}

/** A signed document (`GET /signedDocuments/{id}`). */
export function fetchSignedDocument(documentId: number): Promise<ArrayBuffer> {
  return pdfBytes(`signedDocuments/${documentId}`);
}

/** Saves a signed PDF's bytes as a file. */
export function saveFile(bytes: ArrayBuffer, filename: string): void {
  saveBlob(new Blob([bytes], { type: 'application/pdf' }), filename);
}
