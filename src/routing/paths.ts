/**
 * Every path of the portal, built here and nowhere else (spec section 2). `patterns` are the route
 * patterns of the routes table; `paths` builds concrete locations.
 */
export const patterns = {
  root: '/',
  postAuth: '/postAuth',
  login: '/login',
  loginExternal: '/loginExternal',
  cdcDiscovery: '/cdc/discovery',
  mecdc: '/mecdc',
  home: '/home',
  about: '/about',
  notify: '/notify',
  patients: '/patients',
  patientInfo: '/patientInfo/:patientId',
  myPatients: '/myPatients',
  dossier: '/dossier',
  patientDossier: '/dossier/:patientId',
  documentViewer: '/documents/:documentId',
  patientSearch: '/patients/search',
  timeline: '/timeline',
  patientTimeline: '/timeline/:patientId',
  datahistory: '/datahistory/:patientId',
  documentObscurement: '/DocumentObscurement/:patientId',
  documentObscurementSign: '/DocumentObscurement/:patientId/sign',
  pair: '/pair/:patientId',
  pairNew: '/pair/:patientId/new',
  pairEdit: '/pair/:patientId/edit/:pairId',
  pairSign: '/pair/:patientId/sign/:pairId',
  pripri: '/pripri/:patientId',
  consents: '/consents/:patientId',
  patientConsents: '/patientConsents/:patientId',
  procedureConsents: '/procedureConsents/:patientId',
  newConsents: '/new-consents',
  selectConsentSigner: '/select-consent-signer',
  selectDigitalConsentSigner: '/select-digital-consent-signer',
  selectPaperConsentSigner: '/select-paper-consent-signer',
  signNewConsents: '/sign-new-consents',
  signCheck: '/sign-check',
  signFeaConsents: '/sign-fea-consents',
  signFeaConsentsResult: '/sign-fea-consents-result',
  doConsensus: '/doConsensus',
  pinReset: '/pin-reset',
  help: '/help',
  disputes: '/disputes',
  faq: '/faq',
  guests: '/guests',
  guestWizard: '/guestwizard',
  guestWizardSign: '/guestwizard/sign',
  documentRequest: '/documentrequest/:patientId',
  clinicalRequest: '/clinicalrequest/:patientId',
  archiveRequest: '/archiverequest/:patientId',
  fileUpload: '/fileUpload',
  videoconference: '/videoconference',
  createVideoConference: '/createVideoConference',
  videoconferenceCall: '/videoconference/:id/call',
  projectInviteRemove: '/projectInviteRemove/:patientId',
  projectDetails: '/projectDetails/:projectId',
  messages: '/messages',
  surveys: '/surveys',
  surveyCard: '/surveys/:cardId',
  surveyComplete: '/surveyComplete',
  surveyTemplateList: '/surveyTemplateList',
  createSurveyTemplate: '/createSurveyTemplate',
  surveyCardList: '/surveyCardList',
  createSurveyCard: '/createSurveyCard',
  pai: '/pai/:paiId',
  carePlans: '/carePlans/:patientId',
  /** Account security: the page and its three sub-pages. */
  security: '/security',
  securityDevices: '/security/devices',
  securityPasskeys: '/security/passkeys',
  securityApps: '/security/apps',
  adminApps: '/admin/apps',
  securityAuthenticator: '/security/authenticator',
  /** The patient's SMART Health Links (the server's notice of an open leads here). */
  sharedLinks: '/shared-links',
  /** The public viewer of a SMART Health Link: the link itself follows in the fragment (`#shlink:/…`). */
  shlViewer: '/shl',
  /** The patient summary (IPS): the patient's own, and staff's of the patient they have open. */
  summary: '/summary',
  patientSummary: '/summary/:patientId',
  /** The whole record as one archive to download (the patient side; the server's notice of a ready one leads here). */
  recordExport: '/export',
  /** Results as data: every analyte's latest value, the patient's own readings after (staff: by patient). */
  results: '/results',
  patientResults: '/results/:patientId',
  /** One analyte's trend, by its LOINC code. */
  resultTrend: '/results/trend/:code',
  patientResultTrend: '/results/:patientId/trend/:code',
  /** The patient's own readings: correct, delete, see each one's versions. */
  readings: '/readings',
} as const;

const id = (value: number | string): string => encodeURIComponent(String(value));

/** Query parameters of the redirect targets (spec: signNewConsents, signFeaConsents); null/undefined left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;
const withQuery = (path: string, params: QueryParams = {}): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  root: (): string => patterns.root,
  postAuth: (): string => patterns.postAuth,
  login: (): string => patterns.login,
  loginExternal: (): string => patterns.loginExternal,
  cdcDiscovery: (token: string): string => withQuery(patterns.cdcDiscovery, { token }),
  mecdc: (contextId: string): string => withQuery(patterns.mecdc, { id: contextId }),
  home: (): string => patterns.home,
  about: (): string => patterns.about,
  notify: (): string => patterns.notify,
  patients: (page?: number): string =>
    page && page > 1 ? `${patterns.patients}?page=${page}` : patterns.patients,
  patientInfo: (patientId: number | string): string => `/patientInfo/${id(patientId)}`,
  /** `signed`: back from the wizard, a new full path, so the list is drawn again with the signed plan. */
  pair: (patientId: number | string, signed?: number): string =>
    `/pair/${id(patientId)}${signed ? `?signed=${signed}` : ''}`,
  pairNew: (patientId: number | string): string => `/pair/${id(patientId)}/new`,
  pairEdit: (patientId: number | string, pairId: number): string =>
    `/pair/${id(patientId)}/edit/${id(pairId)}`,
  pairSign: (patientId: number | string, pairId: number): string =>
    `/pair/${id(patientId)}/sign/${id(pairId)}`,
  pripri: (patientId: number | string): string => `/pripri/${id(patientId)}`,
  myPatients: (): string => patterns.myPatients,
  dossier: (): string => patterns.dossier,
  patientDossier: (patientId: number | string): string => `/dossier/${id(patientId)}`,
  documentViewer: (documentId: number | string): string => `/documents/${id(documentId)}`,
  patientSearch: (): string => patterns.patientSearch,
  timeline: (): string => patterns.timeline,
  patientTimeline: (patientId: number | string): string => `/timeline/${id(patientId)}`,
  datahistory: (patientId: number | string): string => `/datahistory/${id(patientId)}`,
  /** `confirm`: the ids prepareObscure answered, once signed (the page then confirms and reports). */
  documentObscurement: (patientId: number | string, confirm?: readonly number[]): string =>
    `/DocumentObscurement/${id(patientId)}${confirm?.length ? `?confirm=${confirm.join(',')}` : ''}`,
  documentObscurementSign: (patientId: number | string): string =>
    `/DocumentObscurement/${id(patientId)}/sign`,
  consents: (patientId: number | string): string => `/consents/${id(patientId)}`,
  patientConsents: (patientId: number | string): string => `/patientConsents/${id(patientId)}`,
  procedureConsents: (patientId: number | string): string => `/procedureConsents/${id(patientId)}`,
  newConsents: (params?: QueryParams): string => withQuery(patterns.newConsents, params),
  selectConsentSigner: (params?: QueryParams): string => withQuery(patterns.selectConsentSigner, params),
  selectDigitalConsentSigner: (params?: QueryParams): string =>
    withQuery(patterns.selectDigitalConsentSigner, params),
  selectPaperConsentSigner: (params?: QueryParams): string =>
    withQuery(patterns.selectPaperConsentSigner, params),
  signNewConsents: (params?: QueryParams): string => withQuery(patterns.signNewConsents, params),
  signCheck: (params?: QueryParams): string => withQuery(patterns.signCheck, params),
  signFeaConsents: (params?: QueryParams): string => withQuery(patterns.signFeaConsents, params),
  signFeaConsentsResult: (): string => patterns.signFeaConsentsResult,
  doConsensus: (params?: QueryParams): string => withQuery(patterns.doConsensus, params),
  pinReset: (): string => patterns.pinReset,
  help: (): string => patterns.help,
  disputes: (): string => patterns.disputes,
  faq: (): string => patterns.faq,
  /** `confirm`: the ids a guest prepare answered, once signed (the list then confirms and reports). */
  guests: (confirm?: { ids: readonly number[]; guestId?: number }): string =>
    confirm?.ids.length
      ? withQuery(patterns.guests, { confirm: confirm.ids.join(','), guestId: confirm.guestId })
      : patterns.guests,
  guestWizard: (mode?: 'edit'): string => withQuery(patterns.guestWizard, { mode }),
  guestWizardSign: (): string => patterns.guestWizardSign,
  documentRequest: (patientId: number | string): string => `/documentrequest/${id(patientId)}`,
  clinicalRequest: (patientId: number | string): string => `/clinicalrequest/${id(patientId)}`,
  archiveRequest: (patientId: number | string): string => `/archiverequest/${id(patientId)}`,
  fileUpload: (): string => patterns.fileUpload,
  surveys: (): string => patterns.surveys,
  /** Staff: one card's answers and summary. */
  surveyCard: (cardId: number | string): string => `/surveys/${id(cardId)}`,
  surveyComplete: (surveyId: number): string => withQuery(patterns.surveyComplete, { id: surveyId }),
  surveyTemplateList: (): string => patterns.surveyTemplateList,
  /** `id`: edit that template (a used one becomes a new version). */
  createSurveyTemplate: (templateId?: number): string =>
    withQuery(patterns.createSurveyTemplate, { id: templateId }),
  surveyCardList: (): string => patterns.surveyCardList,
  createSurveyCard: (templateId?: number): string =>
    withQuery(patterns.createSurveyCard, { template: templateId }),
  videoconference: (): string => patterns.videoconference,
  createVideoConference: (): string => patterns.createVideoConference,
  /** The in-portal call of a conference (what `GET /conferences/{id}/show` answers when no external room is set). */
  videoconferenceCall: (conferenceId: number | string): string => `/videoconference/${id(conferenceId)}/call`,
  projectInviteRemove: (patientId: number | string): string => `/projectInviteRemove/${id(patientId)}`,
  projectDetails: (projectId: number | string): string => `/projectDetails/${id(projectId)}`,
  /** Staff writing about a patient pass `patientId`. */
  messages: (patientId?: number): string => withQuery(patterns.messages, { patientId }),
  pai: (paiId: number | string): string => `/pai/${id(paiId)}`,
  /** A patient's care plans (the list the spec's `/pai/{paiId}` is reached from). */
  carePlans: (patientId: number | string): string => `/carePlans/${id(patientId)}`,
  security: (): string => patterns.security,
  securityDevices: (): string => patterns.securityDevices,
  securityPasskeys: (): string => patterns.securityPasskeys,
  securityApps: (): string => patterns.securityApps,
  adminApps: (): string => patterns.adminApps,
  /** Staff only: the authenticator app's (re-)enrolment. */
  securityAuthenticator: (): string => patterns.securityAuthenticator,
  /** `create`: the screen opens on a new link (the summary screen's "share with a link"). */
  sharedLinks: (create?: boolean): string =>
    create ? `${patterns.sharedLinks}?new=1` : patterns.sharedLinks,
  /** The viewer's full address for a `shlink:/…`, on this portal's origin: what the QR code carries. */
  shlViewer: (shlink: string, origin: string): string => `${origin}${patterns.shlViewer}#${shlink}`,
  summary: (): string => patterns.summary,
  patientSummary: (patientId: number | string): string => `/summary/${id(patientId)}`,
  recordExport: (): string => patterns.recordExport,
  results: (): string => patterns.results,
  patientResults: (patientId: number | string): string => `/results/${id(patientId)}`,
  /** Without `patientId`: the patient side's own trend. */
  resultTrend: (code: string, patientId?: number): string =>
    patientId === undefined ? `/results/trend/${id(code)}` : `/results/${id(patientId)}/trend/${id(code)}`,
  readings: (): string => patterns.readings,
} as const;
