import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { PATIENT_UPLOAD_LABEL, provenanceLabel } from './provenance';

describe('the provenance unit shown', () => {
  it("translates the portal's own unit for approved uploads, whatever the server's (Italian) name", () => {
    const english = setupI18n({
      locale: 'en',
      messages: { en: { [PATIENT_UPLOAD_LABEL.id]: 'Uploaded by the patient' } },
    });
    expect(provenanceLabel({ code: 'UPL', desc: 'Caricato dal paziente' }, english)).toBe(
      'Uploaded by the patient',
    );
  });

  it("keeps a hospital unit's own name", () => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(provenanceLabel({ code: 'CARD', desc: 'Cardiologia' }, english)).toBe('Cardiologia');
  });
});
