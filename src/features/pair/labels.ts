/** The texts of plan statuses, decision-support rules and exercise fields (Italian source). */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { DssHint, Exercise, PairStatus } from '../../contract/pair';

export const STATUS_TEXT: Readonly<Record<PairStatus, MessageDescriptor>> = {
  DRAFT: msg`Bozza`,
  ACTIVE: msg`Attivo`,
  EXPIRED: msg`Scaduto`,
  CLOSED: msg`Chiuso`,
  REPLACED: msg`Sostituito`,
};

export const STATUS_COLOUR: Readonly<Record<PairStatus, string>> = {
  DRAFT: 'medium',
  ACTIVE: 'success',
  EXPIRED: 'warning',
  CLOSED: 'dark',
  REPLACED: 'tertiary',
};

/** Each rule's explanation: which rule fired and why, with the values the server names. */
export function hintText(i18n: I18n, hint: DssHint): string {
  const { age = '', min = '', max = '', days = '', name = '', count = '', minutes = '' } = hint.params;
  switch (hint.rule) {
    case 'ELIG_ADULT':
      return i18n._(
        msg`Paziente minorenne (${age} anni): il piano riabilitativo per adulti richiede almeno ${min} anni.`,
      );
    case 'ELIG_CLINICAL_BASIS':
      return i18n._(
        msg`Nessuna lettera di dimissione o visita specialistica negli ultimi ${plural(Number(days), { one: '# giorno', other: '# giorni' })} che motivi la riabilitazione.`,
      );
    case 'ELIG_ACTIVE_PLAN':
      return i18n._(
        msg`Il paziente ha già un piano attivo («${name}»): alla firma il nuovo piano lo sostituirà.`,
      );
    case 'ELIG_DRAFTS':
      return i18n._(
        msg`Il paziente ha ${plural(Number(count), { one: '# bozza di piano non firmata', other: '# bozze di piano non firmate' })}.`,
      );
    case 'ADQ_NO_EXERCISES':
      return i18n._(msg`Il piano non ha esercizi.`);
    case 'ADQ_LATERALITY':
      return i18n._(msg`Esercizio per un arto senza lateralità: indica il lato.`);
    case 'ADQ_MONITOR_RANGE':
      return i18n._(msg`Indice di monitoraggio con minimo non inferiore al massimo.`);
    case 'ADQ_OUTSIDE_PLAN':
      return i18n._(msg`Le date dell'esercizio escono dal periodo di validità del piano.`);
    case 'ADQ_HOME_ASSISTANCE':
      return i18n._(msg`Esercizio a domicilio con assistenza moderata o totale: serve un caregiver.`);
    case 'ADQ_WEEKLY_LOAD_HIGH':
      return i18n._(msg`Carico settimanale di ${minutes} minuti, oltre il massimo consigliato di ${max}.`);
    case 'ADQ_WEEKLY_LOAD_LOW':
      return i18n._(msg`Carico settimanale di ${minutes} minuti, sotto il minimo consigliato di ${min}.`);
    case 'ADQ_NO_THRESHOLDS':
      return i18n._(msg`Nessuna soglia PRIpri: il monitoraggio resterà blu.`);
    case 'ADQ_LONG_PLAN':
      return i18n._(
        msg`Validità oltre ${plural(Number(days), { one: '# giorno', other: '# giorni' })}: valuta una rivalutazione intermedia.`,
      );
    default:
      return hint.rule;
  }
}

export const FIELD_TEXT: Readonly<Record<keyof Exercise, MessageDescriptor>> = {
  name: msg`Nome`,
  description: msg`Descrizione`,
  level: msg`Livello`,
  category: msg`Categoria`,
  purpose: msg`Obiettivo`,
  location: msg`Luogo`,
  startDate: msg`Inizio`,
  endDate: msg`Fine`,
  frequency: msg`Frequenza`,
  seriesNumber: msg`Serie`,
  repetitionsNumber: msg`Ripetizioni`,
  seriesInterval: msg`Pausa tra le serie`,
  sessionInterval: msg`Intervallo tra le sedute`,
  length: msg`Durata`,
  laterality: msg`Lateralità`,
  assistance: msg`Assistenza`,
  supports: msg`Supporti`,
  device: msg`Ausilio`,
  monitoringIndices: msg`Indici di monitoraggio`,
};
