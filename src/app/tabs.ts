/**
 * The tab bar as data: a later screen is one line here. A tab shows when the user's role is listed
 * and its path exists (`href` returns null otherwise).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  analyticsOutline,
  appsOutline,
  checkmarkDoneOutline,
  clipboardOutline,
  cloudUploadOutline,
  copyOutline,
  documentTextOutline,
  fileTrayFullOutline,
  folderOpenOutline,
  homeOutline,
  idCardOutline,
  listOutline,
  mailOutline,
  medkitOutline,
  peopleOutline,
  personAddOutline,
  pulseOutline,
  shieldCheckmarkOutline,
  starOutline,
  timeOutline,
  videocamOutline,
} from 'ionicons/icons';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import type { CurrentUser, UserType } from '../contract/user';
import { paths } from '../routing/paths';

/** The consents notification dot: its own chunk, fetched after the first screen. */
const ConsentTabBadge = lazy(() => import('../features/consents/consent-tab-badge'));
/** The uploadedDocuments notification count, likewise. */
const UploadsBadge = lazy(() => import('../features/uploads/uploads-badge'));
/** Requests ready to collect, and guests whose access ends soon: both from the home's summary. */
const RequestsBadge = lazy(() =>
  import('../features/home/tab-badges').then((module) => ({ default: module.RequestsTabBadge })),
);
/** Conference requests waiting for the caller's answer. */
const ConferencesBadge = lazy(() => import('../features/conferences/conferences-badge'));
/** Unread messages, likewise. */
const MessagesBadge = lazy(() => import('../features/messages/messages-badge'));
/** The patient's survey cards still to fill. */
const SurveysBadge = lazy(() => import('../features/surveys/surveys-badge'));
const GuestsBadge = lazy(() =>
  import('../features/home/tab-badges').then((module) => ({ default: module.GuestsTabBadge })),
);

/** /fileUpload needs perm.meview.customDocument.read (spec 2). */
const fileUploadHref = (user: CurrentUser): string | null =>
  user.permissionList.includes('perm.meview.customDocument.read') ? paths.fileUpload() : null;

export interface TabDefinition {
  id: string;
  /** The side menu's words (and the tab's, unless `tabLabel` says shorter ones). */
  label: MessageDescriptor;
  /** A shorter label for the tab bar, where five tabs share 360 px. */
  tabLabel?: MessageDescriptor;
  icon: string;
  roles: readonly UserType[];
  href: (user: CurrentUser) => string | null;
  /** Only in the side menu, not in the tab bar (kept to five tabs on a phone). */
  menuOnly?: boolean;
  /** Drawn beside the label (e.g. the consents notification colour). */
  badge?: ComponentType<{ user: CurrentUser }>;
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
    menuOnly: true,
  },
  {
    id: 'summary',
    label: msg`Sintesi sanitaria`,
    icon: pulseOutline,
    roles: PATIENT_SIDE,
    href: () => paths.summary(),
    menuOnly: true,
  },
  // Results as data and the patient's own readings: beside the summary, in the menu (the tab bar is full).
  {
    id: 'results',
    label: msg`Esami`,
    icon: analyticsOutline,
    roles: PATIENT_SIDE,
    href: () => paths.results(),
    menuOnly: true,
  },
  {
    id: 'info',
    label: msg`Dati anagrafici`,
    icon: idCardOutline,
    roles: PATIENT_SIDE,
    href: (user) => (user.patientId === null ? null : paths.patientInfo(user.patientId)),
    menuOnly: true,
  },
  {
    id: 'consents',
    label: msg`Consensi`,
    icon: documentTextOutline,
    roles: ['PAT'],
    href: (user) => (user.patientId === null ? null : paths.consents(user.patientId)),
    badge: ConsentTabBadge,
  },
  {
    id: 'archiveRequest',
    label: msg`Le mie richieste`,
    tabLabel: msg`Richieste`,
    icon: fileTrayFullOutline,
    roles: ['PAT'],
    href: (user) => (user.patientId === null ? null : paths.archiveRequest(user.patientId)),
    badge: RequestsBadge,
  },
  {
    id: 'guests',
    label: msg`Persone autorizzate`,
    tabLabel: msg`Autorizzati`,
    icon: personAddOutline,
    roles: ['PAT'],
    href: () => paths.guests(),
    badge: GuestsBadge,
  },
  {
    id: 'documentRequest',
    label: msg`Copia di referti`,
    icon: copyOutline,
    roles: ['PAT'],
    href: (user) => (user.patientId === null ? null : paths.documentRequest(user.patientId)),
    menuOnly: true,
  },
  {
    id: 'clinicalRequest',
    label: msg`Copia di cartella clinica`,
    icon: medkitOutline,
    roles: ['PAT'],
    href: (user) => (user.patientId === null ? null : paths.clinicalRequest(user.patientId)),
    menuOnly: true,
  },
  // Spec 2: care plans are loaded when the user is in a project.
  {
    id: 'carePlans',
    label: msg`Piani di cura`,
    icon: clipboardOutline,
    roles: ['PAT'],
    href: (user) => (user.inProject && user.patientId !== null ? paths.carePlans(user.patientId) : null),
    menuOnly: true,
  },
  { id: 'patients', label: msg`Pazienti`, icon: peopleOutline, roles: STAFF, href: () => paths.patients() },
  { id: 'favorites', label: msg`Preferiti`, icon: starOutline, roles: STAFF, href: () => paths.myPatients() },
  {
    id: 'uploads',
    label: msg`Documenti caricati`,
    icon: cloudUploadOutline,
    roles: ['PAT'],
    href: fileUploadHref,
    menuOnly: true,
    badge: UploadsBadge,
  },
  {
    id: 'approvals',
    label: msg`Da approvare`,
    icon: checkmarkDoneOutline,
    roles: ['PHY'],
    href: fileUploadHref,
    badge: UploadsBadge,
  },
  {
    id: 'conferences',
    label: msg`Videoconferenze`,
    icon: videocamOutline,
    roles: ['PAT', 'PHY'],
    href: () => paths.videoconference(),
    // The patient's tab bar is full (five tabs): the menu has it, with the count of requests to answer.
    menuOnly: true,
    badge: ConferencesBadge,
  },
  // Patients keep their five tabs of the design card: messages sit in their menu, with the count.
  {
    id: 'patientMessages',
    label: msg`Messaggi`,
    icon: mailOutline,
    roles: PATIENT_SIDE,
    href: () => paths.messages(),
    menuOnly: true,
    badge: MessagesBadge,
  },
  {
    id: 'messages',
    label: msg`Messaggi`,
    icon: mailOutline,
    roles: STAFF,
    href: () => paths.messages(),
    badge: MessagesBadge,
  },
  // The privacy officer's queue of reports of accesses (decisions.md, access disputes).
  {
    id: 'disputes',
    label: msg`Segnalazioni di accesso`,
    icon: shieldCheckmarkOutline,
    roles: ['ADM'],
    href: () => paths.disputes(),
    menuOnly: true,
  },
  // Third-party (SMART) apps that patients may connect: the administrators register them.
  {
    id: 'registeredApps',
    label: msg`App registrate`,
    icon: appsOutline,
    roles: ['ADM'],
    href: () => paths.adminApps(),
    menuOnly: true,
  },
  // Guests fill no surveys; administrators build none (decisions.md, surveys).
  {
    id: 'surveys',
    label: msg`Questionari`,
    icon: listOutline,
    roles: ['PAT', 'PHY', 'OPT'],
    href: () => paths.surveys(),
    menuOnly: true,
    badge: SurveysBadge,
  },
];

export interface VisibleTab {
  id: string;
  label: MessageDescriptor;
  /** The words under the tab's icon. */
  tabLabel: MessageDescriptor;
  icon: string;
  href: string;
  badge?: ComponentType<{ user: CurrentUser }>;
}

function visible(user: CurrentUser | null, inTabBar: boolean): VisibleTab[] {
  if (!user) return [];
  return TABS.filter((tab) => tab.roles.includes(user.userType) && !(inTabBar && tab.menuOnly)).flatMap(
    (tab) => {
      const href = tab.href(user);
      const entry = { id: tab.id, label: tab.label, tabLabel: tab.tabLabel ?? tab.label, icon: tab.icon };
      return href ? [{ ...entry, href, badge: tab.badge }] : [];
    },
  );
}

/** The tab bar's entries. */
export function tabsFor(user: CurrentUser | null): VisibleTab[] {
  return visible(user, true);
}

/** The side menu's entries: every tab, including those kept out of the tab bar. */
export function menuEntriesFor(user: CurrentUser | null): VisibleTab[] {
  return visible(user, false);
}
