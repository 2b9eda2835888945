/** Translated names of the request's codes (delivery, supports, ID types, states). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  DelegateIdType,
  DeliveryModality,
  DeliveryType,
  RequestStatus,
  Support,
} from '../../contract/document-requests';

export const DELIVERY_TYPE_LABEL: Readonly<Record<DeliveryType, MessageDescriptor>> = {
  DESK: msg`Ritiro allo sportello`,
  COURIER: msg`Spedizione con corriere`,
  PAPER: msg`Posta ordinaria`,
};

export const DELIVERY_TYPE_HINT: Readonly<Record<DeliveryType, MessageDescriptor>> = {
  DESK: msg`Ritiri tu o una persona delegata, con un documento d'identità.`,
  COURIER: msg`Consegna all'indirizzo indicato; servono cellulare ed e-mail.`,
  PAPER: msg`Spedizione per posta all'indirizzo indicato.`,
};

export const MODALITY_LABEL: Readonly<Record<DeliveryModality, MessageDescriptor>> = {
  SELF: msg`Ritiro personalmente`,
  DELEGATE: msg`Ritira una persona delegata`,
};

export const SUPPORT_LABEL: Readonly<Record<Support, MessageDescriptor>> = {
  PAPER: msg`Copia cartacea`,
  DOSSIER: msg`Pubblicazione nel dossier online`,
  DVD: msg`DVD`,
  PDF: msg`PDF via e-mail`,
  USB: msg`Chiavetta USB`,
};

export const ID_TYPE_LABEL: Readonly<Record<DelegateIdType, MessageDescriptor>> = {
  IDENTITY_CARD: msg`Carta d'identità`,
  PASSPORT: msg`Passaporto`,
  DRIVING_LICENCE: msg`Patente di guida`,
};

export const STATUS_LABEL: Readonly<Record<RequestStatus, MessageDescriptor>> = {
  SUBMITTED: msg`Inviata`,
  IN_PROGRESS: msg`In lavorazione`,
  READY: msg`Pronta`,
  COMPLETED: msg`Completata`,
  CANCELLED: msg`Annullata`,
};

/** Ionic colour of each state's chip. */
export function statusColor(status: RequestStatus): string {
  switch (status) {
    case 'SUBMITTED':
      return 'primary';
    case 'IN_PROGRESS':
      return 'warning';
    case 'READY':
      return 'success';
    case 'COMPLETED':
      return 'medium';
    case 'CANCELLED':
      return 'danger';
  }
}

export function formatCents(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'it-IT', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}
