/**
 * Every path of the portal, built here and nowhere else (spec section 2). `patterns` are the route
 * patterns of the routes table; `paths` builds concrete locations.
 */
export const patterns = {
  root: '/',
  postAuth: '/postAuth',
  login: '/login',
  loginExternal: '/loginExternal',
  home: '/home',
  about: '/about',
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
} as const;

export type PatternName = keyof typeof patterns;

const id = (value: number | string): string => encodeURIComponent(String(value));

export const paths = {
  root: (): string => patterns.root,
  postAuth: (): string => patterns.postAuth,
  login: (): string => patterns.login,
  loginExternal: (): string => patterns.loginExternal,
  home: (): string => patterns.home,
  about: (): string => patterns.about,
  patients: (page?: number): string =>
    page && page > 1 ? `${patterns.patients}?page=${page}` : patterns.patients,
  patientInfo: (patientId: number | string): string => `/patientInfo/${id(patientId)}`,
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
} as const;
