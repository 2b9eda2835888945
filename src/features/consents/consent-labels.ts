/** Texts and tones of consent states and groups (spec section 4). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  Consent,
  ConsentCategory,
  ConsentNotificationColour,
  ConsentStatus,
} from '../../contract/consents';

export type Tone = 'success' | 'warning' | 'danger' | 'medium';

export function statusLook(status: ConsentStatus): { label: MessageDescriptor; tone: Tone } {
  switch (status) {
    case 'GIVEN':
      return { label: msg`Dato`, tone: 'success' };
    case 'INVITE':
      return { label: msg`Invito in attesa`, tone: 'warning' };
    case 'REVOKED':
      return { label: msg`Revocato`, tone: 'danger' };
    case 'REJECTED':
      return { label: msg`Rifiutato`, tone: 'danger' };
    case 'WAITING':
      return { label: msg`In attesa`, tone: 'warning' };
    case 'ENABLED':
      return { label: msg`Abilitato`, tone: 'success' };
    case 'DONE':
      return { label: msg`Completato`, tone: 'success' };
    case 'TODO':
      return { label: msg`Da fare`, tone: 'warning' };
    case 'NONE':
      return { label: msg`Non dato`, tone: 'medium' };
  }
}

/**
 * The chip of a consent: a project consent the project ended says so ("Terminata dal progetto"), never
 * "Revocato", which is what the patient did themselves.
 */
export function consentLook(consent: Pick<Consent, 'statusCode' | 'projectAction'>): {
  label: MessageDescriptor;
  tone: Tone;
} {
  switch (consent.projectAction?.kind) {
    case 'REMOVED':
      return { label: msg`Terminata dal progetto`, tone: 'medium' };
    case 'WITHDRAWN':
      return { label: msg`Invito ritirato`, tone: 'medium' };
    default:
      return statusLook(consent.statusCode);
  }
}

export const CATEGORY_TITLE: Readonly<Record<ConsentCategory, MessageDescriptor>> = {
  DOSSIER: msg`Dossier e servizi`,
  PROJECT: msg`Progetti`,
  INFORMED: msg`Consensi informati alle prestazioni`,
};

export const CATEGORY_ORDER: readonly ConsentCategory[] = ['DOSSIER', 'PROJECT', 'INFORMED'];

/** The notification colour said in words too (colour alone is not enough). */
export const NOTIFICATION_TEXT: Readonly<Record<ConsentNotificationColour, MessageDescriptor>> = {
  green: msg`Nessun invito in attesa`,
  grey: msg`Solo inviti in attesa`,
  yellow: msg`Consensi da rivedere`,
};
