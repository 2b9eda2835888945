/** The screens of a signed-in user, each loaded lazily (lazy-page.ts); those reached without one: public-pages.ts. */
import { page } from './lazy-page';

export const PasskeysPage = page(
  () => import('../features/security/passkeys-page'),
  (m) => m.PasskeysPage,
);
export const AuthenticatorPage = page(
  () => import('../features/security/authenticator-page'),
  (m) => m.AuthenticatorPage,
);
export const HomePage = page(
  () => import('../features/home/home-page'),
  (m) => m.HomePage,
);
export const AboutPage = page(
  () => import('../features/about/about-page'),
  (m) => m.AboutPage,
);
export const NotifyPage = page(
  () => import('../features/notify/notify-page'),
  (m) => m.NotifyPage,
);
export const PatientListPage = page(
  () => import('../features/patients/patient-list-page'),
  (m) => m.PatientListPage,
);
export const PatientInfoPage = page(
  () => import('../features/patients/patient-info-page'),
  (m) => m.PatientInfoPage,
);
export const DossierPage = page(
  () => import('../features/dossier/dossier-page'),
  (m) => m.DossierPage,
);
export const DocumentViewerPage = page(
  () => import('../features/documents/document-viewer-page'),
  (m) => m.DocumentViewerPage,
);
export const MyPatientsPage = page(
  () => import('../features/patients/my-patients-page'),
  (m) => m.MyPatientsPage,
);
export const PatientSearchPage = page(
  () => import('../features/patients/patient-search-page'),
  (m) => m.PatientSearchPage,
);
export const TimelinePage = page(
  () => import('../features/timeline/timeline-page'),
  (m) => m.TimelinePage,
);
export const DisputesPage = page(
  () => import('../features/disputes/disputes-page'),
  (m) => m.DisputesPage,
);
export const HistoryPage = page(
  () => import('../features/history/history-page'),
  (m) => m.HistoryPage,
);
export const ObscuringPage = page(
  () => import('../features/obscuring/obscuring-page'),
  (m) => m.ObscuringPage,
);
export const ObscuringSignPage = page(
  () => import('../features/obscuring/obscuring-sign-page'),
  (m) => m.ObscuringSignPage,
);
export const PairPage = page(
  () => import('../features/pair/pair-page'),
  (m) => m.PairPage,
);
export const PairEditorPage = page(
  () => import('../features/pair/pair-editor-page'),
  (m) => m.PairEditorPage,
);
export const PairSignPage = page(
  () => import('../features/pair/pair-sign-page'),
  (m) => m.PairSignPage,
);
export const PripriPage = page(
  () => import('../features/pripri/pripri-page'),
  (m) => m.PripriPage,
);
export const GuestsPage = page(
  () => import('../features/guests/guests-page'),
  (m) => m.GuestsPage,
);
export const GuestWizardPage = page(
  () => import('../features/guests/guest-wizard-page'),
  (m) => m.GuestWizardPage,
);
export const GuestSignPage = page(
  () => import('../features/guests/guest-sign-page'),
  (m) => m.GuestSignPage,
);
export const ConsentsPage = page(
  () => import('../features/consents/consents-page'),
  (m) => m.ConsentsPage,
);
export const ProcedureConsentsPage = page(
  () => import('../features/consents/consents-page'),
  (m) => m.ProcedureConsentsPage,
);
export const NewConsentsPage = page(
  () => import('../features/consents/new-consents-page'),
  (m) => m.NewConsentsPage,
);
export const SelectConsentSignerPage = page(
  () => import('../features/consents/select-signer-pages'),
  (m) => m.SelectConsentSignerPage,
);
export const SelectDigitalConsentSignerPage = page(
  () => import('../features/consents/select-signer-pages'),
  (m) => m.SelectDigitalConsentSignerPage,
);
export const PaperConsentPage = page(
  () => import('../features/consents/paper-consent-page'),
  (m) => m.PaperConsentPage,
);
export const SignNewConsentsPage = page(
  () => import('../features/consents/sign-new-consents-page'),
  (m) => m.SignNewConsentsPage,
);
export const SignCheckPage = page(
  () => import('../features/consents/sign-check-page'),
  (m) => m.SignCheckPage,
);
export const SignFeaConsentsPage = page(
  () => import('../features/consents/fea-pages'),
  (m) => m.SignFeaConsentsPage,
);
export const SignFeaConsentsResultPage = page(
  () => import('../features/consents/fea-pages'),
  (m) => m.SignFeaConsentsResultPage,
);
export const DoConsensusPage = page(
  () => import('../features/consents/do-consensus-page'),
  (m) => m.DoConsensusPage,
);
export const FileUploadPage = page(
  () => import('../features/uploads/file-upload-page'),
  (m) => m.FileUploadPage,
);
export const MessagesPage = page(
  () => import('../features/messages/messages-page'),
  (m) => m.MessagesPage,
);
export const DocumentRequestPage = page(
  () => import('../features/document-requests/request-pages'),
  (m) => m.DocumentRequestPage,
);
export const ClinicalRequestPage = page(
  () => import('../features/document-requests/request-pages'),
  (m) => m.ClinicalRequestPage,
);
export const ArchiveRequestPage = page(
  () => import('../features/document-requests/archive-page'),
  (m) => m.ArchiveRequestPage,
);
export const ConferencesPage = page(
  () => import('../features/conferences/conferences-page'),
  (m) => m.ConferencesPage,
);
export const CreateConferencePage = page(
  () => import('../features/conferences/create-conference-page'),
  (m) => m.CreateConferencePage,
);
export const VideoconferenceCallPage = page(
  () => import('../features/conferences/call/call-page'),
  (m) => m.CallPage,
);
export const ProjectInvitePage = page(
  () => import('../features/projects/project-invite-page'),
  (m) => m.ProjectInvitePage,
);
export const ProjectDetailsPage = page(
  () => import('../features/projects/project-details-page'),
  (m) => m.ProjectDetailsPage,
);
export const SurveysPage = page(
  () => import('../features/surveys/surveys-page'),
  (m) => m.SurveysPage,
);
export const SurveyCardPage = page(
  () => import('../features/surveys/surveys-page'),
  (m) => m.SurveyCardPage,
);
export const SurveyCompletePage = page(
  () => import('../features/surveys/complete/survey-complete-page'),
  (m) => m.SurveyCompletePage,
);
export const SurveyTemplateListPage = page(
  () => import('../features/surveys/templates/template-list-page'),
  (m) => m.TemplateListPage,
);
export const CreateSurveyTemplatePage = page(
  () => import('../features/surveys/templates/create-template-page'),
  (m) => m.CreateTemplatePage,
);
export const SurveyCardListPage = page(
  () => import('../features/surveys/cards/card-list-page'),
  (m) => m.CardListPage,
);
export const CreateSurveyCardPage = page(
  () => import('../features/surveys/cards/create-card-page'),
  (m) => m.CreateCardPage,
);
export const PaiPage = page(
  () => import('../features/pai/pai-page'),
  (m) => m.PaiPage,
);
export const CarePlansPage = page(
  () => import('../features/pai/care-plans-page'),
  (m) => m.CarePlansPage,
);
export const SecurityPage = page(
  () => import('../features/security/security-page'),
  (m) => m.SecurityPage,
);
export const ConnectedAppsPage = page(
  () => import('../features/apps/connected-apps-page'),
  (m) => m.ConnectedAppsPage,
);
export const RegisteredAppsPage = page(
  () => import('../features/apps/registered-apps-page'),
  (m) => m.RegisteredAppsPage,
);
export const SecurityDevicesPage = page(
  () => import('../features/security/devices-page'),
  (m) => m.SecurityDevicesPage,
);
export const SharedLinksPage = page(
  () => import('../features/shl/shared-links-page'),
  (m) => m.SharedLinksPage,
);
export const ExportPage = page(
  () => import('../features/export/export-page'),
  (m) => m.ExportPage,
);
export const SummaryPage = page(
  () => import('../features/summary/summary-page'),
  (m) => m.SummaryPage,
);
export const ResultsPage = page(
  () => import('../features/results/results-page'),
  (m) => m.ResultsPage,
);
export const TrendPage = page(
  () => import('../features/results/trend-page'),
  (m) => m.TrendPage,
);
export const ReadingsPage = page(
  () => import('../features/results/readings-page'),
  (m) => m.ReadingsPage,
);
