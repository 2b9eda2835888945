import type { Localized } from '../services/language';

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
