/**
 * Who is using the portal and on which patient. The current user and the consent context are kept in
 * local storage as the spec says (section 3); the patient record stays in memory only.
 */
import type { MessageDescriptor } from '@lingui/core';
import { atom } from 'jotai';
import * as v from 'valibot';
import type { Patient } from '../contract/patient';
import { PatientSummary } from '../contract/patient';
import { CurrentUser } from '../contract/user';
import { persistentAtom } from '../state/storage';

export const currentUserAtom = persistentAtom<CurrentUser | null>(
  'currentUser',
  null,
  (value): value is CurrentUser | null => value === null || v.is(CurrentUser, value),
);

export interface CurrentPatientState {
  patientId: number;
  status: 'loading' | 'ready' | 'error';
  patient: Patient | null;
  /** Why loading failed, when the server said (e.g. 'Non sei autorizzato ad accedere al dossier'). */
  reason?: MessageDescriptor | null;
}

/** The patient whose data the screens show (the patient's own, or the one a physician opened). */
export const currentPatientAtom = atom<CurrentPatientState | null>(null);

/**
 * The context of a consent still to sign, from a 403 on `GET /me` (codes 0 and 2). The signing
 * screens of a later issue read it; until then the portal explains and offers logout.
 */
export const ConsentContext = v.object({
  code: v.picklist([0, 2]),
  patient: v.nullable(PatientSummary),
  medium: v.literal('digital'),
  signer: v.literal('self'),
  authentication_method: v.nullable(v.string()),
});
export type ConsentContext = v.InferOutput<typeof ConsentContext>;

export const consentContextAtom = persistentAtom<ConsentContext | null>(
  'currentConsent',
  null,
  (value): value is ConsentContext | null => value === null || v.is(ConsentContext, value),
);

/** Where a user was going when the portal first had to load the profile (`/postAuth` returns there). */
export const returnPathAtom = persistentAtom<string | null>(
  'returnPath',
  null,
  (value): value is string | null => value === null || typeof value === 'string',
  'session',
);
