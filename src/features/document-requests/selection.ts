/**
 * Selection rules (spec 4): adding a document or image flag creates the entry with 1 copy; removing
 * both flags removes it. Copies are kept within 1 and the server's maximum; 0 is the cancel question.
 */
import type { CreateRequestBody } from '../../contract/document-requests';
import type { RequestDraft, Selected } from './draft';

export type Flag = 'document' | 'dicom';

export interface Candidate {
  id: number;
  title: string;
  date: string | null;
  hasStudies: boolean;
}

export function toggleFlag(
  selected: Readonly<Record<string, Selected>>,
  candidate: Candidate,
  flag: Flag,
  on: boolean,
): Record<string, Selected> {
  const key = String(candidate.id);
  const current = selected[key];
  const next = { ...selected };
  if (!current) {
    if (!on || (flag === 'dicom' && !candidate.hasStudies)) return next;
    next[key] = {
      title: candidate.title,
      date: candidate.date,
      document: flag === 'document',
      dicom: flag === 'dicom',
      hasStudies: candidate.hasStudies,
      numCopies: 1,
    };
    return next;
  }
  const updated = { ...current, [flag]: on && (flag === 'document' || current.hasStudies) };
  if (!updated.document && !updated.dicom) delete next[key];
  else next[key] = updated;
  return next;
}

/** The copies after a step of +1 or -1: null when the step reaches 0 (ask, then cancel the request). */
export function stepCopies(current: number, delta: 1 | -1, max: number): number | null {
  const next = current + delta;
  if (next < 1) return null;
  return Math.min(next, max);
}

export function setCopies(
  selected: Readonly<Record<string, Selected>>,
  id: string,
  numCopies: number,
): Record<string, Selected> {
  const current = selected[id];
  return current ? { ...selected, [id]: { ...current, numCopies } } : { ...selected };
}

export function selectionCount(draft: RequestDraft | null): number {
  return draft ? Object.keys(draft.selected).length : 0;
}

export function wantsImages(draft: RequestDraft): boolean {
  return draft.kind === 'REPORTS' && Object.values(draft.selected).some((entry) => entry.dicom);
}

/** The body of quote and createRequest; the delegate travels only with a delegate collection. */
export function requestBody(draft: RequestDraft): CreateRequestBody {
  const delivery = {
    ...draft.delivery,
    imageSupport: wantsImages(draft) ? draft.delivery.imageSupport : null,
    info: {
      ...draft.delivery.info,
      delegated: draft.delivery.modality === 'DELEGATE' ? draft.delivery.info.delegated : null,
    },
  };
  const entries = Object.entries(draft.selected).map(([id, entry]) => ({ id: Number(id), entry }));
  if (draft.kind === 'REPORTS')
    return {
      kind: 'REPORTS',
      patientId: draft.patientId,
      delivery,
      items: entries.map(({ id, entry }) => ({
        documentId: id,
        document: entry.document,
        dicom: entry.dicom,
        numCopies: entry.numCopies,
      })),
    };
  return {
    kind: 'MEDICAL_RECORDS',
    patientId: draft.patientId,
    delivery,
    items: entries.map(({ id, entry }) => ({ hospitalizationId: id, numCopies: entry.numCopies })),
  };
}

/** What the first step's lists (reports, admissions) get from the wizard. */
export interface SelectStepProps {
  patientId: number;
  selected: Readonly<Record<string, Selected>>;
  maxCopies: number;
  onFlag: (candidate: Candidate, flag: Flag, on: boolean) => void;
  onStep: (id: string, delta: 1 | -1) => void;
}
