import type { Language } from '../../../src/contract/language';
import type { Localized } from '../language';

/** Who may sign for a patient (GET /sign/patientRelationship). */
export const patientRelationships: readonly { code: string; desc: Localized }[] = [
  { code: 'LEGAL_REPRESENTATIVE', desc: { it: 'Rappresentante legale', en: 'Legal representative' } },
  { code: 'PARENT', desc: { it: 'Genitore', en: 'Parent' } },
  { code: 'GUARDIAN', desc: { it: 'Tutore', en: 'Guardian' } },
  { code: 'SUPPORT_ADMINISTRATOR', desc: { it: 'Amministratore di sostegno', en: 'Support administrator' } },
  { code: 'CURATOR', desc: { it: 'Curatore', en: 'Curator' } },
  { code: 'HEALTH_TRUSTEE', desc: { it: 'Fiduciario (DAT)', en: 'Healthcare trustee' } },
  { code: 'DELEGATE', desc: { it: 'Delegato', en: 'Delegate' } },
];

/** The SMS carrying the PIN of a credential issued at FEA activation. */
export const pinSmsText: Record<Language, (pin: string) => string> = {
  it: (pin) => `Dossier Sanitario: il tuo PIN di firma è ${pin}. Conservalo e non comunicarlo a nessuno.`,
  en: (pin) => `Dossier Sanitario: your signing PIN is ${pin}. Keep it safe and do not share it with anyone.`,
};
