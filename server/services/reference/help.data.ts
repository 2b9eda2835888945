import type { Localized } from '../language';

interface HelpEntry {
  title: Localized;
  paragraphs: { it: string[]; en: string[] };
}

/** Help pages by `controller/action`, as the screens ask for them. */
export const helpPages: Record<string, HelpEntry> = {
  'home/index': {
    title: { it: 'La pagina iniziale', en: 'The home page' },
    paragraphs: {
      it: [
        'Dalla pagina iniziale raggiungi le funzioni del portale con le schede in basso o con il menu.',
        'Il menu contiene anche la scelta della lingua, le informazioni sul portale e il pulsante per uscire.',
      ],
      en: [
        'From the home page you reach the portal functions with the tabs at the bottom or with the menu.',
        'The menu also holds the language choice, information about the portal and the button to log out.',
      ],
    },
  },
  'patients/list': {
    title: { it: 'Elenco pazienti', en: 'Patient list' },
    paragraphs: {
      it: [
        "L'elenco mostra i pazienti dell'azienda ospedaliera in ordine alfabetico.",
        'Puoi aprire i dati anagrafici di un paziente se ha espresso il consenso al dossier.',
      ],
      en: [
        "The list shows the hospital group's patients in alphabetical order.",
        'You can open the demographic data of a patient who has given the dossier consent.',
      ],
    },
  },
  'patientInfo/index': {
    title: { it: 'Dati anagrafici', en: 'Demographic data' },
    paragraphs: {
      it: [
        "Sono i dati registrati nell'anagrafe dell'azienda: residenza, recapiti, documento, medico di base.",
        "Se un dato non è corretto, rivolgiti all'ufficio accettazione o al tuo medico.",
      ],
      en: [
        "These are the data recorded in the hospital group's registry: residence, contacts, document, general practitioner.",
        'If something is wrong, ask the admissions office or your physician.',
      ],
    },
  },
  'dossier/index': {
    title: { it: 'Il dossier', en: 'The dossier' },
    paragraphs: {
      it: [
        "Il dossier raccoglie i documenti clinici prodotti dalle strutture dell'azienda, dal più recente.",
        'Con i filtri scegli tipo, struttura, regime e periodo. Un documento archiviato si può recuperare: resta disponibile dopo qualche istante.',
        'Ogni consultazione è registrata e visibile al paziente nello storico degli accessi.',
      ],
      en: [
        "The dossier holds the clinical documents produced by the group's facilities, newest first.",
        'Filters choose type, facility, setting and period. An archived document can be restored: it becomes available after a few moments.',
        'Every access is recorded and shown to the patient in the access history.',
      ],
    },
  },
  // The same screen as the patient sees it: spoken to the patient, about his own documents.
  'dossier/patient': {
    title: { it: 'Il tuo dossier', en: 'Your dossier' },
    paragraphs: {
      it: [
        "Qui trovi i tuoi documenti clinici prodotti dalle strutture dell'azienda, dal più recente. Tocca un documento per aprirlo, scaricarlo o stamparlo.",
        'Con i filtri scegli tipo, struttura, regime e periodo. Un documento archiviato si recupera con "Recupera": resta disponibile dopo qualche istante.',
        'Dai tuoi dati anagrafici vedi chi ha consultato il tuo dossier e puoi nascondere ai professionisti i documenti che preferisci tenere riservati.',
      ],
      en: [
        "Here you find your clinical documents produced by the group's facilities, newest first. Tap a document to open, download or print it.",
        'Filters choose type, facility, setting and period. An archived document is restored with "Restore": it becomes available after a few moments.',
        'From your personal data you see who read your dossier, and you can hide from professionals the documents you prefer to keep private.',
      ],
    },
  },
  'timeline/index': {
    title: { it: 'Linea del tempo', en: 'Timeline' },
    paragraphs: {
      it: [
        'La linea del tempo mostra i documenti nel tempo. I gruppi numerati riuniscono documenti vicini: toccane uno per ingrandire.',
        'Usa i pulsanti più e meno, o due dita, per cambiare la scala da anni a minuti.',
      ],
      en: [
        'The timeline shows documents over time. Numbered groups gather nearby documents: tap one to zoom in.',
        'Use the plus and minus buttons, or pinch, to change the scale from years to minutes.',
      ],
    },
  },
  'datahistory/index': {
    title: { it: 'Storico degli accessi', en: 'Access history' },
    paragraphs: {
      it: [
        'Qui vedi chi ha consultato i dati del dossier, quando e a che titolo, compresi i tentativi rifiutati.',
        "Se un accesso non ti sembra giustificato, contatta l'ufficio privacy dell'azienda.",
      ],
      en: [
        'Here you see who read the dossier data, when and on what grounds, refused attempts included.',
        "If an access does not look justified, contact the group's privacy office.",
      ],
    },
  },
  'documentObscurement/index': {
    title: { it: 'Oscuramento documenti', en: 'Hiding documents' },
    paragraphs: {
      it: [
        'Spunta i documenti da nascondere e tocca "Scegli a chi" per indicare chi non deve vederli: tutti gli operatori sanitari, i medici specialisti, gli operatori o le persone che hai autorizzato.',
        'Per mostrare di nuovo un documento nascosto, spuntalo e scegli "Visibile a tutti". La richiesta vale dopo la firma con PIN e codice via SMS; tu e il medico che ha redatto il documento lo vedete sempre.',
      ],
      en: [
        'Tick the documents to hide and tap "Choose who" to say who must not see them: all healthcare staff, specialist physicians, operators or the people you authorised.',
        'To show a hidden document again, tick it and choose "Visible to everyone". The request applies once signed with your PIN and an SMS code; you and the physician who wrote the document always see it.',
      ],
    },
  },
  'patients/favorites': {
    title: { it: 'I miei pazienti', en: 'My patients' },
    paragraphs: {
      it: ['Sono i pazienti che hai segnato con la stella. Tocca la stella per toglierli dai preferiti.'],
      en: [
        'These are the patients you marked with the star. Tap the star to remove them from your favourites.',
      ],
    },
  },
  'patients/search': {
    title: { it: 'Ricerca avanzata', en: 'Advanced search' },
    paragraphs: {
      it: [
        'Cerca per codice fiscale, per cognome, nome e data di nascita, oppure per un identificativo (tessera TEAM, codice STP…).',
      ],
      en: [
        'Search by fiscal code, by surname, name and birth date, or by an identifier (TEAM card, STP code…).',
      ],
    },
  },
  'about/index': {
    title: { it: 'Informazioni', en: 'About' },
    paragraphs: {
      it: [
        'Il portale ti permette di consultare il dossier sanitario in modo sicuro, da telefono, tablet o computer.',
      ],
      en: ['The portal lets you read your health dossier securely, from a phone, a tablet or a computer.'],
    },
  },
};
