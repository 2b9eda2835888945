/**
 * The routes table: spec section 2, for the screens that exist today. A screen added by a later issue
 * is one line here (and, when it has one, one line in `tabs.ts`).
 */
import type { ComponentType } from 'react';
import type { Permission } from '../contract/user';
import { patterns } from '../routing/paths';
import {
  AboutPage,
  ArchiveRequestPage,
  AuthenticatorPage,
  CarePlansPage,
  ClinicalRequestPage,
  ConferencesPage,
  ConnectedAppsPage,
  ConsentsPage,
  CreateConferencePage,
  CreateSurveyCardPage,
  CreateSurveyTemplatePage,
  DisputesPage,
  DoConsensusPage,
  DocumentRequestPage,
  DocumentViewerPage,
  DossierPage,
  ExportPage,
  FileUploadPage,
  GuestSignPage,
  GuestsPage,
  GuestWizardPage,
  HistoryPage,
  HomePage,
  MessagesPage,
  MyPatientsPage,
  NewConsentsPage,
  NotifyPage,
  ObscuringPage,
  ObscuringSignPage,
  PaiPage,
  PairEditorPage,
  PairPage,
  PairSignPage,
  PaperConsentPage,
  PasskeysPage,
  PatientInfoPage,
  PatientListPage,
  PatientSearchPage,
  PripriPage,
  ProcedureConsentsPage,
  ProjectDetailsPage,
  ProjectInvitePage,
  ReadingsPage,
  RegisteredAppsPage,
  ResultsPage,
  SecurityDevicesPage,
  SecurityPage,
  SelectConsentSignerPage,
  SelectDigitalConsentSignerPage,
  SharedLinksPage,
  SignCheckPage,
  SignFeaConsentsPage,
  SignFeaConsentsResultPage,
  SignNewConsentsPage,
  SummaryPage,
  SurveyCardListPage,
  SurveyCardPage,
  SurveyCompletePage,
  SurveysPage,
  SurveyTemplateListPage,
  TimelinePage,
  TrendPage,
  VideoconferenceCallPage,
} from './pages';
import {
  CdcLaunchPage,
  FaqPage,
  HelpPage,
  LoginExternalPage,
  LoginPage,
  PinResetPage,
  PostAuthPage,
  ShlViewerPage,
} from './public-pages';
import { NotFoundPage } from './refusal-pages';

export interface AppRoute {
  pattern: string;
  page: ComponentType;
  /** `public`: no login check (spec: the flagged entry routes). */
  access: 'public' | 'session';
  /** Patients and guests are sent to `/postAuth` (spec: `/patients`). */
  staffOnly?: boolean;
  /** Entering the route clears the current patient (spec: `/patients`). */
  clearsCurrentPatient?: boolean;
  /** A full-screen flow (the signing wizard): no tab bar. */
  fullScreen?: boolean;
  /** Needs this permission and a user who is not a patient, else `/home` (spec: projectInviteRemove). */
  staffPermission?: Permission;
}

/** Any other address, once logged in: says the page does not exist (no silent jump to Home). */
export const NOT_FOUND_ROUTE: AppRoute = { pattern: '*', page: NotFoundPage, access: 'session' };

export const ROUTES: readonly AppRoute[] = [
  { pattern: patterns.postAuth, page: PostAuthPage, access: 'public' },
  { pattern: patterns.login, page: LoginPage, access: 'public' },
  { pattern: patterns.loginExternal, page: LoginExternalPage, access: 'public' },
  // Context sharing: the launch is the credential (spec 2, no login check).
  { pattern: patterns.cdcDiscovery, page: CdcLaunchPage, access: 'public' },
  { pattern: patterns.mecdc, page: CdcLaunchPage, access: 'public' },
  { pattern: patterns.pinReset, page: PinResetPage, access: 'public' },
  // A SMART Health Link opens with no account: the link in the fragment is the credential; no tab bar.
  { pattern: patterns.shlViewer, page: ShlViewerPage, access: 'public', fullScreen: true },
  // Help and FAQ skip the login check (spec 2).
  { pattern: patterns.help, page: HelpPage, access: 'public' },
  { pattern: patterns.faq, page: FaqPage, access: 'public' },
  { pattern: patterns.home, page: HomePage, access: 'session' },
  { pattern: patterns.about, page: AboutPage, access: 'session' },
  { pattern: patterns.notify, page: NotifyPage, access: 'session' },
  { pattern: patterns.securityDevices, page: SecurityDevicesPage, access: 'session' },
  { pattern: patterns.securityPasskeys, page: PasskeysPage, access: 'session' },
  { pattern: patterns.securityApps, page: ConnectedAppsPage, access: 'session' },
  // The administrators' (the server refuses anyone else); staff-only keeps patients off the page.
  { pattern: patterns.adminApps, page: RegisteredAppsPage, access: 'session', staffOnly: true },
  { pattern: patterns.sharedLinks, page: SharedLinksPage, access: 'session' },
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
  { pattern: patterns.disputes, page: DisputesPage, access: 'session', staffOnly: true },
  { pattern: patterns.summary, page: SummaryPage, access: 'session' },
  { pattern: patterns.patientSummary, page: SummaryPage, access: 'session' },
  { pattern: patterns.recordExport, page: ExportPage, access: 'session' },
  // The trends first: `/results/trend/…` is not a patient's id.
  { pattern: patterns.resultTrend, page: TrendPage, access: 'session' },
  { pattern: patterns.patientResultTrend, page: TrendPage, access: 'session' },
  { pattern: patterns.results, page: ResultsPage, access: 'session' },
  { pattern: patterns.patientResults, page: ResultsPage, access: 'session' },
  { pattern: patterns.readings, page: ReadingsPage, access: 'session' },
  { pattern: patterns.documentObscurement, page: ObscuringPage, access: 'session' },
  { pattern: patterns.documentObscurementSign, page: ObscuringSignPage, access: 'session' },
  { pattern: patterns.pair, page: PairPage, access: 'session' },
  { pattern: patterns.pairNew, page: PairEditorPage, access: 'session', staffOnly: true },
  { pattern: patterns.pairEdit, page: PairEditorPage, access: 'session', staffOnly: true },
  { pattern: patterns.pairSign, page: PairSignPage, access: 'session', staffOnly: true, fullScreen: true },
  { pattern: patterns.pripri, page: PripriPage, access: 'session' },
  { pattern: patterns.guests, page: GuestsPage, access: 'session' },
  { pattern: patterns.guestWizard, page: GuestWizardPage, access: 'session' },
  { pattern: patterns.guestWizardSign, page: GuestSignPage, access: 'session' },
  { pattern: patterns.consents, page: ConsentsPage, access: 'session' },
  { pattern: patterns.patientConsents, page: ConsentsPage, access: 'session' },
  { pattern: patterns.procedureConsents, page: ProcedureConsentsPage, access: 'session' },
  { pattern: patterns.newConsents, page: NewConsentsPage, access: 'session' },
  {
    pattern: patterns.selectConsentSigner,
    page: SelectConsentSignerPage,
    access: 'session',
    staffOnly: true,
  },
  {
    pattern: patterns.selectDigitalConsentSigner,
    page: SelectDigitalConsentSignerPage,
    access: 'session',
    staffOnly: true,
  },
  { pattern: patterns.selectPaperConsentSigner, page: PaperConsentPage, access: 'session', staffOnly: true },
  // signNewConsents and signFeaConsents skip the user check (spec): a 403 on /me has no user to load.
  { pattern: patterns.signNewConsents, page: SignNewConsentsPage, access: 'public', fullScreen: true },
  { pattern: patterns.signFeaConsents, page: SignFeaConsentsPage, access: 'public', fullScreen: true },
  {
    pattern: patterns.signFeaConsentsResult,
    page: SignFeaConsentsResultPage,
    access: 'public',
    fullScreen: true,
  },
  { pattern: patterns.signCheck, page: SignCheckPage, access: 'session', fullScreen: true },
  { pattern: patterns.doConsensus, page: DoConsensusPage, access: 'session' },
  { pattern: patterns.fileUpload, page: FileUploadPage, access: 'session' },
  { pattern: patterns.messages, page: MessagesPage, access: 'session' },
  { pattern: patterns.documentRequest, page: DocumentRequestPage, access: 'session' },
  { pattern: patterns.clinicalRequest, page: ClinicalRequestPage, access: 'session' },
  { pattern: patterns.archiveRequest, page: ArchiveRequestPage, access: 'session' },
  { pattern: patterns.videoconference, page: ConferencesPage, access: 'session' },
  {
    pattern: patterns.createVideoConference,
    page: CreateConferencePage,
    access: 'session',
    staffOnly: true,
  },
  // The call fills the screen: no tab bar under the videos and their controls.
  {
    pattern: patterns.videoconferenceCall,
    page: VideoconferenceCallPage,
    access: 'session',
    fullScreen: true,
  },
  {
    pattern: patterns.projectInviteRemove,
    page: ProjectInvitePage,
    access: 'session',
    staffPermission: 'perm.meview.project.info',
  },
  { pattern: patterns.projectDetails, page: ProjectDetailsPage, access: 'session' },
  { pattern: patterns.surveys, page: SurveysPage, access: 'session' },
  { pattern: patterns.surveyCard, page: SurveyCardPage, access: 'session', staffOnly: true },
  { pattern: patterns.surveyComplete, page: SurveyCompletePage, access: 'session' },
  { pattern: patterns.surveyTemplateList, page: SurveyTemplateListPage, access: 'session', staffOnly: true },
  {
    pattern: patterns.createSurveyTemplate,
    page: CreateSurveyTemplatePage,
    access: 'session',
    staffOnly: true,
  },
  { pattern: patterns.surveyCardList, page: SurveyCardListPage, access: 'session', staffOnly: true },
  { pattern: patterns.createSurveyCard, page: CreateSurveyCardPage, access: 'session', staffOnly: true },
  { pattern: patterns.pai, page: PaiPage, access: 'session' },
  { pattern: patterns.carePlans, page: CarePlansPage, access: 'session' },
  // Every role, guests too: each looks after their own account.
  { pattern: patterns.security, page: SecurityPage, access: 'session' },
  {
    pattern: patterns.securityAuthenticator,
    page: AuthenticatorPage,
    access: 'session',
    staffOnly: true,
  },
];
