import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationCategory, NotificationFrequency } from '../../contract/notify';

export const CATEGORY_LABEL: Record<NotificationCategory, MessageDescriptor> = {
  DOCUMENT: msg`Documenti`,
  SHARED_PROJECT: msg`Progetti, consensi e questionari`,
  CONFERENCE: msg`Videoconferenze`,
  MESSAGE: msg`Messaggi`,
};

/** What each category covers, under its toggle (the events of spec 3, in words). */
export const CATEGORY_HINT: Record<NotificationCategory, MessageDescriptor> = {
  DOCUMENT: msg`Un nuovo documento nel fascicolo, un documento annullato o sostituito.`,
  SHARED_PROJECT: msg`Inviti e fine di un progetto, consensi da firmare, questionari da compilare, documenti caricati non accettati, promemoria del piano di cura.`,
  CONFERENCE: msg`Richieste di videoconferenza, accettate o rifiutate, e promemoria delle videovisite prenotate.`,
  MESSAGE: msg`Un nuovo messaggio dal personale sanitario o da un tuo paziente.`,
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
