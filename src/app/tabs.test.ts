import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../contract/user';
import { activateLocale } from '../i18n/i18n';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../test/fixtures';
import { menuEntriesFor, tabsFor } from './tabs';

const UPLOADS = 'perm.meview.customDocument.read' as const;
const patient: CurrentUser = { ...PATIENT_MARIO, permissionList: [...PATIENT_MARIO.permissionList, UPLOADS] };
const guest: CurrentUser = { ...PATIENT_MARIO, id: 9, userType: 'GUE', displayName: 'Sara Rossi' };
const physician: CurrentUser = {
  ...PHYSICIAN_VERDI,
  permissionList: [...PHYSICIAN_VERDI.permissionList, UPLOADS],
};
const operator: CurrentUser = { ...PHYSICIAN_VERDI, userType: 'OPT' };

const labels = (tabs: ReturnType<typeof tabsFor>, which: 'tabLabel' | 'label' = 'tabLabel') =>
  tabs.map((tab) => i18n._(tab[which]));

beforeAll(async () => {
  await activateLocale('it');
});

describe('the tab bar by role', () => {
  it('gives a patient Home and the four tabs of the design card, with badges where something waits', () => {
    const tabs = tabsFor(patient);
    expect(labels(tabs)).toEqual(['Home', 'Dossier', 'Consensi', 'Richieste', 'Autorizzati']);
    expect(tabs.map((tab) => tab.href)).toEqual([
      '/home',
      '/dossier',
      `/consents/${patient.patientId}`,
      `/archiverequest/${patient.patientId}`,
      '/guests',
    ]);
    expect(tabs.filter((tab) => tab.badge).map((tab) => tab.id)).toEqual([
      'consents',
      'archiveRequest',
      'guests',
    ]);
  });

  it('keeps the rest in the side menu, under their full names', () => {
    const menu = labels(menuEntriesFor(patient), 'label');
    for (const entry of [
      'Le mie richieste',
      'Persone autorizzate',
      'Copia di referti',
      'Copia di cartella clinica',
    ])
      expect(menu).toContain(entry);
    expect(menu).toContain('Documenti caricati');
    expect(labels(tabsFor(patient))).not.toContain('Documenti caricati');
    expect(menu).toContain('Questionari');
    expect(labels(menuEntriesFor(physician), 'label')).toContain('Questionari');
    expect(labels(menuEntriesFor(guest), 'label')).not.toContain('Questionari');
  });

  it('lists care plans in the menu only for a patient in a project (spec 2)', () => {
    expect(labels(menuEntriesFor({ ...patient, inProject: false }), 'label')).not.toContain('Piani di cura');
    const inProject = menuEntriesFor({ ...patient, inProject: true });
    expect(inProject.find((entry) => entry.id === 'carePlans')?.href).toBe(`/carePlans/${patient.patientId}`);
    expect(labels(tabsFor({ ...patient, inProject: true }))).not.toContain('Piani di cura');
  });

  it('keeps guests and staff on their own tabs', () => {
    expect(labels(tabsFor(guest))).toEqual(['Home', 'Dossier']);
    expect(labels(tabsFor(physician))).toEqual(['Home', 'Pazienti', 'Preferiti', 'Da approvare', 'Messaggi']);
    expect(labels(tabsFor(operator))).toEqual(['Home', 'Pazienti', 'Preferiti', 'Messaggi']);
    expect(tabsFor(null)).toEqual([]);
  });

  it('leaves out the patient tabs that need a record when the account has none', () => {
    expect(labels(tabsFor({ ...patient, patientId: null }))).toEqual(['Home', 'Dossier', 'Autorizzati']);
  });

  it('gives every menu entry an icon of its own (care plans and surveys were one)', () => {
    for (const user of [{ ...patient, inProject: true }, guest, physician, operator]) {
      const icons = menuEntriesFor(user).map((entry) => entry.icon);
      expect(new Set(icons).size, user.userType).toBe(icons.length);
    }
  });
});
