import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationCategory, NotificationEvent, NotificationFrequency } from '../../contract/notify';

export const CATEGORY_LABEL: Record<NotificationCategory, MessageDescriptor> = {
  DOCUMENT: msg`Documenti`,
  SHARED_PROJECT: msg`Progetti e documenti caricati`,
  CONFERENCE: msg`Videoconferenze`,
};

export const EVENT_LABEL: Record<NotificationEvent, MessageDescriptor> = {
  DOCUMENT_NEW: msg`Nuovo documento nel fascicolo`,
  DOCUMENT_ANNULLED: msg`Documento annullato`,
  DOCUMENT_REPLACED: msg`Documento sostituito da una nuova versione`,
  PROJECT_INVITED: msg`Invito a un progetto`,
  PROJECT_REMOVED: msg`Fine della partecipazione a un progetto`,
  UPLOAD_REJECTED: msg`Documento caricato non accettato`,
  DOCUMENTATION_STATUS_CHANGED: msg`Cambio di stato della documentazione`,
  GUEST_INVITE_REFUSED: msg`Invito a un progetto rifiutato`,
  CARE_PLAN_REMINDER: msg`Promemoria delle attività del piano di cura`,
  CONFERENCE_REQUESTED: msg`Nuova richiesta di videoconferenza`,
  CONFERENCE_ACCEPTED: msg`Videoconferenza accettata`,
  CONFERENCE_REJECTED: msg`Videoconferenza rifiutata`,
};

export const FREQUENCY_LABEL: Record<
  NotificationFrequency,
  { label: MessageDescriptor; hint: MessageDescriptor }
> = {
  INSTANT: { label: msg`Subito`, hint: msg`Un avviso per ogni novità` },
  DAILY: { label: msg`Una volta al giorno`, hint: msg`Un riepilogo alle 8:00` },
  WEEKLY: { label: msg`Una volta alla settimana`, hint: msg`Un riepilogo il lunedì alle 8:00` },
  BIWEEKLY: { label: msg`Ogni due settimane`, hint: msg`Un riepilogo a lunedì alterni alle 8:00` },
};

/** The reminder offsets offered (days before a care-plan activity). */
export const REMINDER_CHOICES: readonly { days: number; label: MessageDescriptor }[] = [
  { days: 0, label: msg`Il giorno stesso` },
  { days: 1, label: msg`Il giorno prima` },
  { days: 2, label: msg`Due giorni prima` },
  { days: 7, label: msg`Una settimana prima` },
];
