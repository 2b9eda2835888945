import type { AccessTitleCode, GuestRelationship, GuestRight } from '../../../src/contract';
import type { Language } from '../../../src/contract/language';
import type { Localized } from '../language';

/**
 * The titles under which a person may act for the patient (spec 7 `GET /guests/accessTitles`: the list is
 * ours to decide). Italian law names them: a simple delegation, a guardian or a support administrator
 * appointed by a judge, a parent of a minor, a curator, a trusted person.
 */
export const accessTitles: readonly { code: AccessTitleCode; desc: Localized }[] = [
  { code: 'delegation', desc: { it: 'Delega', en: 'Delegation' } },
  { code: 'trustedPerson', desc: { it: 'Persona di fiducia', en: 'Trusted person' } },
  { code: 'minorParent', desc: { it: 'Genitore di minore', en: 'Parent of a minor' } },
  { code: 'guardian', desc: { it: 'Tutore', en: 'Legal guardian' } },
  {
    code: 'supportAdministrator',
    desc: { it: 'Amministratore di sostegno', en: 'Support administrator' },
  },
  { code: 'curator', desc: { it: 'Curatore', en: 'Curator' } },
];

export function accessTitleOf(code: string, language: Language): { code: AccessTitleCode; desc: string } {
  const found = accessTitles.find((title) => title.code === code);
  return { code: (found?.code ?? 'delegation') as AccessTitleCode, desc: found?.desc[language] ?? code };
}

/** How the signed authorisation names relationships and rights (Italian, like every clinical record). */
export const relationshipLabels: Record<GuestRelationship, string> = {
  mate: 'Coniuge o partner',
  parent: 'Genitore',
  son: 'Figlio/a',
  otherFamily: 'Altro familiare',
  other: 'Altra persona',
};

export const rightLabels: Record<GuestRight, string> = {
  dossier: 'consultare il dossier sanitario (esclusi i documenti oscurati)',
  download: 'scaricare i documenti in PDF',
  chat: 'usare la chat',
  messaging: 'inviare e ricevere messaggi',
  project: 'partecipare ai progetti di cura',
};

/** The latest deadline a patient may give: five years from today. */
export const MAX_DEADLINE_YEARS = 5;

/** SMS to a new guest: who authorised them, the username and the temporary password. */
export const credentialsSms: Record<
  Language,
  (patient: string, username: string, password: string) => string
> = {
  it: (patient, username, password) =>
    `${patient} ti ha autorizzato ad accedere ai suoi documenti sul portale. Utente: ${username} Password temporanea: ${password}`,
  en: (patient, username, password) =>
    `${patient} has authorised you to see their documents on the portal. Username: ${username} Temporary password: ${password}`,
};

/** SMS to a person who already has a guest account. */
export const grantedSms: Record<Language, (patient: string, username: string) => string> = {
  it: (patient, username) =>
    `${patient} ti ha autorizzato ad accedere ai suoi documenti sul portale. Accedi con il tuo utente ${username}.`,
  en: (patient, username) =>
    `${patient} has authorised you to see their documents on the portal. Log in with your username ${username}.`,
};
