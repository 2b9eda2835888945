/**
 * The routes table: spec section 2, for the screens that exist today. A screen added by a later issue
 * is one line here (and, when it has one, one line in `tabs.ts`).
 */
import type { ComponentType } from 'react';
import { patterns } from '../routing/paths';
import {
  AboutPage,
  DocumentViewerPage,
  DossierPage,
  HistoryPage,
  HomePage,
  LoginExternalPage,
  LoginPage,
  MyPatientsPage,
  ObscuringPage,
  ObscuringSignPage,
  PatientInfoPage,
  PatientListPage,
  PatientSearchPage,
  PostAuthPage,
  TimelinePage,
} from './pages';

export interface AppRoute {
  pattern: string;
  page: ComponentType;
  /** `public`: no login check (spec: the flagged entry routes). */
  access: 'public' | 'session';
  /** Patients and guests are sent to `/postAuth` (spec: `/patients`). */
  staffOnly?: boolean;
  /** Entering the route clears the current patient (spec: `/patients`). */
  clearsCurrentPatient?: boolean;
}

export const ROUTES: readonly AppRoute[] = [
  { pattern: patterns.postAuth, page: PostAuthPage, access: 'public' },
  { pattern: patterns.login, page: LoginPage, access: 'public' },
  { pattern: patterns.loginExternal, page: LoginExternalPage, access: 'public' },
  { pattern: patterns.home, page: HomePage, access: 'session' },
  { pattern: patterns.about, page: AboutPage, access: 'session' },
  {
    pattern: patterns.patients,
    page: PatientListPage,
    access: 'session',
    staffOnly: true,
    clearsCurrentPatient: true,
  },
  { pattern: patterns.patientInfo, page: PatientInfoPage, access: 'session' },
  { pattern: patterns.dossier, page: DossierPage, access: 'session' },
  { pattern: patterns.patientDossier, page: DossierPage, access: 'session' },
  { pattern: patterns.documentViewer, page: DocumentViewerPage, access: 'session' },
  { pattern: patterns.myPatients, page: MyPatientsPage, access: 'session', staffOnly: true },
  { pattern: patterns.patientSearch, page: PatientSearchPage, access: 'session', staffOnly: true },
  { pattern: patterns.timeline, page: TimelinePage, access: 'session' },
  { pattern: patterns.patientTimeline, page: TimelinePage, access: 'session' },
  { pattern: patterns.datahistory, page: HistoryPage, access: 'session' },
  { pattern: patterns.documentObscurement, page: ObscuringPage, access: 'session' },
  { pattern: patterns.documentObscurementSign, page: ObscuringSignPage, access: 'session' },
];
