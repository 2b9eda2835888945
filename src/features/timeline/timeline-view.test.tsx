import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Document } from '../../contract/documents';
import { sortDossier } from './timeline-items';
import { TimelineView } from './timeline-view';

const TYPES = [
  { code: 'LAB', desc: 'Esami di laboratorio' },
  { code: 'RAD', desc: 'Referto radiologico' },
  { code: 'DIM', desc: 'Lettera di dimissione' },
];

/** A dossier of `count` documents spread over ten years (the timeline loads up to 5,000). */
function dossier(count: number): Document[] {
  const start = Date.UTC(2015, 0, 1);
  const step = (10 * 365 * 86_400_000) / count;
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    patientId: 1001,
    title: `Documento ${index + 1}`,
    accessionNumber: null,
    documentType: TYPES[index % TYPES.length] ?? TYPES[0],
    documentProvenanceUnit: { code: 'U1', desc: 'Medicina' },
    status: 'ONLINE',
    viewable: index % 7 !== 0,
    obscuringInfo: {
      general: false,
      mate: false,
      operator: false,
      other: false,
      otherFamily: false,
      parent: false,
      son: false,
      specialist: false,
    },
    docCreationDateTime: new Date(start + index * step).toISOString(),
    patientCurrentLocation: { code: 'O', desc: 'Ordinario' },
    dicomStatus: null,
    showDicom: false,
    version: 1,
    pageCount: 1,
  })) as Document[];
}

describe('TimelineView', () => {
  it('renders 5,000 documents without throwing, with its controls labelled', async () => {
    const started = performance.now();
    render(
      <I18nProvider i18n={i18n}>
        <IonApp>
          <TimelineView
            dossier={sortDossier(dossier(5000))}
            isPhysician={false}
            height={500}
            onOpen={vi.fn()}
          />
        </IonApp>
      </I18nProvider>,
    );
    const elapsed = performance.now() - started;
    expect(screen.getByLabelText('Ingrandisci')).toBeTruthy();
    expect(screen.getByLabelText('Riduci')).toBeTruthy();
    expect(screen.getByLabelText('Mostra tutti i documenti')).toBeTruthy();
    // The chart itself is made a task after the view's first commit.
    expect(screen.getByRole('application').querySelector('.vis-timeline')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('application').querySelector('.vis-timeline')).not.toBeNull(),
    );
    expect(screen.getByText(/^(Anni|Mesi|Giorni|Ore|Minuti)$/)).toBeTruthy();
    expect(elapsed).toBeLessThan(15_000);
    console.info(`5,000 documents mounted in ${Math.round(elapsed)} ms (jsdom)`);
  });
});
