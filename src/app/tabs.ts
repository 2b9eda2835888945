/**
 * The tab bar as data: a later screen is one line here. A tab shows when the user's role is listed
 * and its path exists (`href` returns null otherwise).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  folderOpenOutline,
  homeOutline,
  idCardOutline,
  peopleOutline,
  starOutline,
  timeOutline,
} from 'ionicons/icons';
import type { CurrentUser, UserType } from '../contract/user';
import { paths } from '../routing/paths';

export interface TabDefinition {
  id: string;
  label: MessageDescriptor;
  icon: string;
  roles: readonly UserType[];
  href: (user: CurrentUser) => string | null;
}

const PATIENT_SIDE: readonly UserType[] = ['PAT', 'GUE'];
const STAFF: readonly UserType[] = ['PHY', 'OPT', 'ADM'];
const EVERYONE: readonly UserType[] = [...PATIENT_SIDE, ...STAFF];

export const TABS: readonly TabDefinition[] = [
  { id: 'home', label: msg`Home`, icon: homeOutline, roles: EVERYONE, href: () => paths.home() },
  {
    id: 'dossier',
    label: msg`Dossier`,
    icon: folderOpenOutline,
    roles: PATIENT_SIDE,
    href: () => paths.dossier(),
  },
  {
    id: 'timeline',
    label: msg`Linea del tempo`,
    icon: timeOutline,
    roles: PATIENT_SIDE,
    href: () => paths.timeline(),
  },
  {
    id: 'info',
    label: msg`Dati anagrafici`,
    icon: idCardOutline,
    roles: PATIENT_SIDE,
    href: (user) => (user.patientId === null ? null : paths.patientInfo(user.patientId)),
  },
  { id: 'patients', label: msg`Pazienti`, icon: peopleOutline, roles: STAFF, href: () => paths.patients() },
  { id: 'favorites', label: msg`Preferiti`, icon: starOutline, roles: STAFF, href: () => paths.myPatients() },
];

export interface VisibleTab {
  id: string;
  label: MessageDescriptor;
  icon: string;
  href: string;
}

export function tabsFor(user: CurrentUser | null): VisibleTab[] {
  if (!user) return [];
  return TABS.filter((tab) => tab.roles.includes(user.userType)).flatMap((tab) => {
    const href = tab.href(user);
    return href ? [{ id: tab.id, label: tab.label, icon: tab.icon, href }] : [];
  });
}
