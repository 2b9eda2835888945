/**
 * The request being composed, per user and per kind, in local storage: closing the app halfway keeps it
 * (an explicit logout clears drafts). It holds what the patient chose and typed, never a secret.
 */
import * as v from 'valibot';
import { Delivery, RequestKind } from '../../contract/document-requests';
import type { Patient } from '../../contract/patient';
import type { PersistentAtom } from '../../state/storage';
import { DRAFT_KEY_PREFIX, userScopedAtoms } from '../../state/storage';

export const RequestStep = v.picklist(['select', 'delivery', 'summary']);
export type RequestStep = v.InferOutput<typeof RequestStep>;
export const STEPS: readonly RequestStep[] = ['select', 'delivery', 'summary'];

/** One chosen report or admission; `hasStudies` says whether an image copy can be asked. */
export const Selected = v.object({
  title: v.string(),
  date: v.nullable(v.string()),
  document: v.boolean(),
  dicom: v.boolean(),
  hasStudies: v.boolean(),
  numCopies: v.number(),
});
export type Selected = v.InferOutput<typeof Selected>;

export const RequestDraft = v.object({
  patientId: v.number(),
  kind: RequestKind,
  step: RequestStep,
  /** Keyed by document id (reports) or hospitalization id (medical records). */
  selected: v.record(v.string(), Selected),
  delivery: Delivery,
  updatedAt: v.number(),
});
export type RequestDraft = v.InferOutput<typeof RequestDraft>;

/** The requester is the patient: their name, home and contacts from the record, editable, as a start. */
export function emptyDelivery(patient: Patient | null = null): Delivery {
  const home = patient?.domicile ?? patient?.residence ?? null;
  return {
    type: 'DESK',
    modality: 'SELF',
    documentSupport: 'PAPER',
    imageSupport: null,
    info: {
      surname: patient?.surname ?? '',
      name: patient?.name ?? '',
      address: home?.street ?? '',
      addressNumber: home?.number ?? '',
      zip: home?.zip ?? '',
      city: home?.city ?? '',
      province: home?.province ?? '',
      mobile: patient?.contacts.mobilePhone ?? '',
      email: patient?.contacts.email ?? '',
      delegated: null,
    },
  };
}

/** A new draft; `patient` (the record of `patientId`, when loaded) fills the requester's data. */
export function newDraft(
  patientId: number,
  kind: RequestDraft['kind'],
  now = Date.now(),
  patient: Patient | null = null,
): RequestDraft {
  const own = patient?.mepiId === patientId ? patient : null;
  return { patientId, kind, step: 'select', selected: {}, delivery: emptyDelivery(own), updatedAt: now };
}

const requestDrafts = userScopedAtoms(`${DRAFT_KEY_PREFIX}documentRequest:`, RequestDraft);

export function requestDraftAtom(
  userKey: string,
  kind: RequestDraft['kind'],
): PersistentAtom<RequestDraft | null> {
  return requestDrafts(`${userKey}:${kind}`);
}
