import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IPS_BUNDLE } from '../../test/ips.fixtures';
import { readIpsDocument } from './ips-document';
import { IpsSummary } from './ips-summary';

function renderSummary(bundle: unknown = IPS_BUNDLE): HTMLElement {
  const document = readIpsDocument(bundle);
  if (!document) throw new Error('not an IPS document');
  return render(
    <I18nProvider i18n={i18n}>
      <IpsSummary document={document} />
    </I18nProvider>,
  ).container;
}

const section = (name: string): HTMLElement => screen.getByRole('region', { name });

describe('readIpsDocument', () => {
  it('reads a document whose first entry is a Composition, and nothing else', () => {
    expect(readIpsDocument(IPS_BUNDLE)?.sections).toHaveLength(7);
    expect(readIpsDocument({ ...IPS_BUNDLE, type: 'collection' })).toBeNull();
    expect(readIpsDocument({ resourceType: 'Bundle', type: 'document', entry: [] })).toBeNull();
    expect(readIpsDocument({})).toBeNull();
    expect(readIpsDocument('<html>')).toBeNull();
  });
});

describe('IpsSummary', () => {
  it('shows the patient and every section with its entries, by resource type', () => {
    renderSummary();
    expect(screen.getByRole('heading', { level: 2, name: 'Profilo sanitario sintetico' })).toBeTruthy();
    expect(screen.getByText('Mario Rossi')).toBeTruthy();
    expect(screen.getByText('12/04/1958')).toBeTruthy();
    expect(screen.getByText('Maschio')).toBeTruthy();

    const problems = within(section('Problemi'));
    expect(problems.getByText('Ipertensione arteriosa')).toBeTruthy();
    expect(problems.getByText('In corso')).toBeTruthy();
    // A month alone stays a month.
    expect(problems.getByText('03/2019')).toBeTruthy();

    const allergies = within(section('Allergie e intolleranze'));
    expect(allergies.getByText('Penicillina')).toBeTruthy();
    expect(allergies.getByText('Alta')).toBeTruthy();
    expect(allergies.getByText('Farmaco')).toBeTruthy();
    expect(allergies.getByText('Orticaria')).toBeTruthy();

    const medicines = within(section('Terapie farmacologiche'));
    expect(medicines.getByText('Ramipril 5 mg')).toBeTruthy();
    expect(medicines.getByText('1 compressa al mattino')).toBeTruthy();
    expect(medicines.getByText('10/01/2024')).toBeTruthy();

    const vaccines = within(section('Vaccinazioni'));
    expect(vaccines.getByText('Vaccino antitetanico')).toBeTruthy();
    expect(vaccines.getByText('15/05/2022')).toBeTruthy();
    expect(vaccines.getByText('AB123')).toBeTruthy();

    const results = within(section('Risultati di laboratorio'));
    expect(results.getByText('Emoglobina glicata')).toBeTruthy();
    expect(results.getByText('6,1 %')).toBeTruthy();
    expect(results.getByText('4–5,6 %')).toBeTruthy();
    // The interpretation, and the mark beside the name.
    expect(results.getAllByText('Alto')).toHaveLength(2);
    expect(results.getByText('01/10/2026')).toBeTruthy();
  });

  it('marks a result out of its range beside its name, and writes no unit for a UCUM code that names none', () => {
    const bundle = structuredClone(IPS_BUNDLE);
    const observation = bundle.entry?.find((entry) => entry.resource?.resourceType === 'Observation');
    if (observation?.resource?.resourceType !== 'Observation') throw new Error('no observation');
    const flagged = observation.resource;
    renderSummary(bundle);
    const flag = within(section('Risultati di laboratorio')).getByText('↑').parentElement;
    expect(flag?.className).toBe('ips-flag ips-flag-high');
    expect(flag?.textContent).toBe('↑ Alto');

    flagged.valueQuantity = { value: 1.12, system: 'http://unitsofmeasure.org', code: '{INR}' };
    flagged.interpretation = [{ coding: [{ code: 'N' }] }];
    document.body.innerHTML = '';
    renderSummary(bundle);
    const results = within(section('Risultati di laboratorio'));
    expect(results.getByText('1,12')).toBeTruthy();
    expect(results.queryByText('↑')).toBeNull();
  });

  it('says why a section is empty', () => {
    renderSummary();
    expect(
      within(section('Dispositivi medici')).getByText('Nessuna voce: Informazione non disponibile'),
    ).toBeTruthy();
  });

  it('never puts the narrative or markup from the bundle in the page', () => {
    const container = renderSummary();
    expect(container.textContent).not.toContain('NARRATIVA');
    expect(container.querySelector('img, script')).toBeNull();
    // Markup in a coded text is shown as the characters it is.
    expect(
      within(section('Problemi pregressi')).getByText('Asma <img src="x" onerror="window.hacked=3">'),
    ).toBeTruthy();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows less, not an error, for entries of the wrong shape', () => {
    const broken = structuredClone(IPS_BUNDLE);
    const entry = broken.entry?.[3];
    if (entry) entry.resource = { resourceType: 'Condition', code: { text: 42 } } as never;
    renderSummary(broken);
    expect(within(section('Problemi')).getByText('Voce senza descrizione')).toBeTruthy();
  });
});
