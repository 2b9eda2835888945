import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CodeDesc, TreatmentHistory, TreatmentHistoryItem } from '../../src/contract';
import type {
  HistoryActivities,
  HistoryDocTypes,
  HistoryUserRoles,
  HistoryUsers,
  TreatmentHistoryQuery,
} from '../../src/contract/history';
import type { Database } from '../db/client';
import { auditLog, documents, documentTypes, type UserRow } from '../db/schema';
import { FACET_DETAIL_PREFIX, FHIR_HISTORY_TYPE, fhirReadDetail } from './access/history';
import type { AccessTitle, AuditActivity } from './audit';
import type { Language, Localized } from './language';
import { visibleToCondition } from './obscuring/visibility';

const accessTitles = {
  SELF: { it: 'Titolare', en: 'Owner' },
  DELEGATE: { it: 'Delegato', en: 'Delegate' },
  DOSSIER_CONSENT: { it: 'Consenso al dossier', en: 'Dossier consent' },
  SHARED_LINK: { it: 'Link condiviso dal titolare', en: "The owner's shared link" },
  NONE: { it: 'Nessun titolo', en: 'No title' },
} satisfies Record<AccessTitle, Localized>;

const activities = {
  PATIENT_READ: { it: 'Consultazione dei dati anagrafici', en: 'Demographic data read' },
  PATIENT_LIST: { it: 'Presenza in un elenco di pazienti', en: 'Shown in a patient list' },
  PATIENT_SEARCH: { it: 'Ritrovamento in una ricerca di pazienti', en: 'Found by a patient search' },
  DOCUMENT_LIST: { it: "Consultazione dell'elenco documenti", en: 'Document list read' },
  DOCUMENT_READ: { it: 'Consultazione di un documento', en: 'Document read' },
  DOCUMENT_VIEW: { it: 'Visualizzazione di un documento', en: 'Document viewed' },
  DOCUMENT_DOWNLOAD: { it: 'Scaricamento di un documento', en: 'Document downloaded' },
  DOCUMENT_RESTORE: { it: 'Richiesta di ripristino di un documento', en: 'Document restore requested' },
  DOCUMENT_OBSCURE: { it: 'Oscuramento di un documento', en: 'Document obscuring changed' },
  STUDY_STATUS: { it: 'Verifica dello stato delle immagini', en: 'Image study status checked' },
  STUDY_MOVE: { it: 'Richiesta di recupero delle immagini', en: 'Image study retrieval requested' },
  STUDY_VIEW: { it: 'Visualizzazione delle immagini', en: 'Image study viewed' },
  HISTORY_READ: { it: 'Consultazione dello storico trattamenti', en: 'Treatment history read' },
  CONSENT_READ: { it: 'Consultazione dei consensi', en: 'Consents read' },
  CONSENT_WRITE: { it: 'Raccolta di un consenso', en: 'Consent collected' },
  UPLOAD_READ: { it: 'Consultazione dei documenti caricati', en: 'Uploaded documents read' },
  UPLOAD_WRITE: { it: 'Caricamento o modifica di un documento', en: 'Document uploaded or changed' },
  UPLOAD_REVIEW: { it: 'Approvazione o rifiuto di un documento caricato', en: 'Uploaded document reviewed' },
  DOCUMENT_REQUEST_READ: { it: 'Consultazione delle richieste di copie', en: 'Copy requests read' },
  DOCUMENT_REQUEST_WRITE: { it: 'Richiesta di copie di documenti', en: 'Copy request made or changed' },
  CARE_PLAN_READ: { it: 'Consultazione dei piani di cura', en: 'Care plans read' },
  CARE_PLAN_WRITE: {
    it: "Registrazione di un'attività del piano di cura",
    en: 'Care plan activity recorded',
  },
  PAIR_READ: { it: 'Consultazione dei piani riabilitativi', en: 'Rehabilitation plans read' },
  PAIR_WRITE: {
    it: 'Scrittura di un piano riabilitativo o di una sessione',
    en: 'Rehabilitation plan or session written',
  },
  SUMMARY_READ: { it: 'Consultazione della sintesi clinica (IPS)', en: 'Patient summary (IPS) read' },
  SHL_READ: { it: 'Consultazione dei link condivisi', en: 'Shared links read' },
  SHL_WRITE: { it: 'Creazione o revoca di un link condiviso', en: 'Shared link made or revoked' },
  SHL_OPEN: { it: 'Apertura di un link condiviso', en: 'Shared link opened' },
  RECORD_EXPORT: {
    it: "Richiesta dell'archivio completo del fascicolo",
    en: 'Whole-record archive requested',
  },
  RECORD_EXPORT_DOWNLOAD: {
    it: "Download dell'archivio completo del fascicolo",
    en: 'Whole-record archive downloaded',
  },
  RESULTS_READ: { it: 'Consultazione degli esami e del loro andamento', en: 'Results and trends viewed' },
  READING_READ: {
    it: 'Consultazione delle misurazioni inserite dal paziente',
    en: 'Patient-entered readings viewed',
  },
  READING_WRITE: {
    it: 'Misurazione inserita o corretta dal paziente',
    en: 'Reading entered or corrected by the patient',
  },
  FHIR_READ: {
    it: "Lettura dei dati attraverso l'interfaccia FHIR",
    en: 'Data read through the FHIR interface',
  },
  APP_AUTHORIZE: { it: "Collegamento di un'app al fascicolo", en: 'App connected to the record' },
  APP_REVOKE: { it: "Revoca dell'accesso di un'app", en: 'App access revoked' },
  DISPUTE_WRITE: { it: 'Segnalazione di un accesso non riconosciuto', en: 'Unrecognised access reported' },
  DISPUTE_READ: {
    it: 'Esame delle segnalazioni da parte del responsabile privacy',
    en: 'Reports reviewed by the privacy officer',
  },
  DISPUTE_ANSWER: { it: 'Risposta a una segnalazione di accesso', en: 'Access report answered' },
} satisfies Record<AuditActivity, Localized>;

const userRoles: Record<string, Localized> = {
  PAT: { it: 'Paziente', en: 'Patient' },
  PHY: { it: 'Medico', en: 'Physician' },
  OPT: { it: 'Operatore', en: 'Operator' },
  ADM: { it: 'Amministratore', en: 'Administrator' },
  GUE: { it: 'Ospite', en: 'Guest' },
  EXT: { it: 'Destinatario di un link condiviso', en: 'Shared link recipient' },
};

const onBehalfOf: Localized = { it: 'per conto di', en: 'on behalf of' };

/** Who read: the user, or the app that read for them, named first (the patient allowed it, not a person). */
export function readerOf(entry: { userName: string; appName: string | null }, language: Language): string {
  return entry.appName ? `${entry.appName}, ${onBehalfOf[language]} ${entry.userName}` : entry.userName;
}

/** The activity in words; a decision about an app names the app (kept in the row's detail). */
function activityText(entry: { activity: string; detail: string | null }, language: Language): string {
  const text = label(activities, entry.activity, language);
  return APP_DECISIONS.has(entry.activity) && entry.detail ? `${text}: «${entry.detail}»` : text;
}
const APP_DECISIONS = new Set<string>(['APP_AUTHORIZE', 'APP_REVOKE'] satisfies AuditActivity[]);

/** Codes written by areas added later fall back to the code itself rather than failing the history. */
function label(table: Record<string, Localized>, code: string, language: Language): string {
  return table[code]?.[language] ?? code;
}

/** An audit row's role, title and activity as the reader's language names them (the officer's queue). */
export function accessLabels(
  row: { userRole: string; accessTitle: string; activity: string },
  language: Language,
): { userRole: string; accessTitle: string; activity: string } {
  return {
    userRole: label(userRoles, row.userRole, language),
    accessTitle: label(accessTitles, row.accessTitle, language),
    activity: label(activities, row.activity, language),
  };
}

/**
 * What staff must not learn from a history: that the patient obscured anything. The obscuring changes
 * themselves, the refusals of obscured documents and studies (detail `OBSCURED`, `study … OBSCURED`), and
 * every row about a document now hidden from this viewer (its type would show that it exists).
 */
function obscuringTracesHiddenFrom(viewer: UserRow): SQL | undefined {
  if (viewer.userType === 'PAT') return undefined;
  const visible = visibleToCondition(viewer);
  // `is not true`: the condition is null, not false, for a hidden document without an author.
  const hiddenDocument = visible
    ? sql`or exists (select 1 from ${documents} where ${documents.id} = ${auditLog.documentId} and (${visible}) is not true)`
    : sql``;
  return sql`not (${auditLog.activity} = 'DOCUMENT_OBSCURE'
    or position('OBSCURED' in coalesce(${auditLog.detail}, '')) > 0
    ${hiddenDocument})`;
}

/** The viewer's own reads of the history through FHIR (AuditEvent), by any app. */
const ownFhirHistoryReads = (viewer: UserRow): SQL => sql`(${auditLog.activity} = 'FHIR_READ'
  and ${auditLog.userId} is not distinct from ${viewer.id}
  and (coalesce(${auditLog.detail}, '') = ${fhirReadDetail(FHIR_HISTORY_TYPE)}
    or coalesce(${auditLog.detail}, '') like ${fhirReadDetail(FHIR_HISTORY_TYPE, '%')}))`;

/**
 * The rows a viewer sees: all of the patient's, except the viewer's own history reads (every opening of
 * the screen, or every AuditEvent read through FHIR, would otherwise add to the list being read), the
 * allowed reads of the filter lists, which come with the list read they serve, and for staff the traces of
 * obscuring. Refused attempts show.
 */
export function visibleTo(viewer: UserRow, patientId: number): SQL {
  const ofPatient = sql`${auditLog.patientId} = ${patientId}
    and not (${auditLog.activity} = 'HISTORY_READ' and ${auditLog.userId} is not distinct from ${viewer.id})
    and not ${ownFhirHistoryReads(viewer)}
    and not (${auditLog.outcome} = 'ALLOWED' and coalesce(${auditLog.detail}, '') like ${`${FACET_DETAIL_PREFIX}%`})`;
  // What the patient shares, with whom or with which app, is theirs alone, as their obscuring is.
  const sharing =
    viewer.userType === 'PAT'
      ? undefined
      : sql`${auditLog.activity} not like 'SHL\\_%' and ${auditLog.activity} not like 'APP\\_%'`;
  return and(ofPatient, obscuringTracesHiddenFrom(viewer), sharing) as SQL;
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : ([value].flat() as T[]));

/**
 * Whole local days: the portal's users are in Italy, whatever the server's zone. The viewer's own rows
 * only on request (`includeOwn`), an app's reading for them always; rows without a user (none today) stay.
 */
function filtersOf(viewer: UserRow, query: TreatmentHistoryQuery): SQL[] {
  const filters: SQL[] = [];
  // An app's reads are not the viewer's own, though made with their consent: the app is another reader.
  if (query.includeOwn !== true)
    filters.push(sql`(${auditLog.userId} is distinct from ${viewer.id} or ${auditLog.appName} is not null)`);
  if (query.dateFrom)
    filters.push(sql`${auditLog.at} >= (${query.dateFrom}::date)::timestamp at time zone 'Europe/Rome'`);
  if (query.dateTo)
    filters.push(sql`${auditLog.at} < (${query.dateTo}::date + 1)::timestamp at time zone 'Europe/Rome'`);
  const activityCodes = list(query.activity);
  if (activityCodes.length > 0) filters.push(inArray(auditLog.activity, activityCodes));
  const roles = list(query.userRole);
  if (roles.length > 0) filters.push(inArray(auditLog.userRole, roles));
  if (query.userId !== undefined) filters.push(eq(auditLog.userId, query.userId));
  const types = list(query.documentType);
  if (types.length > 0) filters.push(inArray(auditLog.documentTypeCode, types));
  return filters;
}

export async function readHistory(
  db: Database,
  viewer: UserRow,
  patientId: number,
  query: TreatmentHistoryQuery,
  language: Language,
): Promise<TreatmentHistory> {
  const where = and(visibleTo(viewer, patientId), ...filtersOf(viewer, query));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const rows = await db
    .select({ entry: auditLog, type: documentTypes })
    .from(auditLog)
    .leftJoin(documentTypes, eq(documentTypes.code, auditLog.documentTypeCode))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.max)
    .offset(query.offset);
  const items = rows.map(({ entry, type }): TreatmentHistoryItem => {
    const code = entry.documentTypeCode;
    return {
      id: entry.id,
      dateTime: entry.at.toISOString(),
      user: `${readerOf(entry, language)} (${label(accessTitles, entry.accessTitle, language)})`,
      userRole: entry.userRole,
      treatmentType: entry.activity,
      treatmentDesc: activityText(entry, language),
      accessTitle: entry.accessTitle,
      documentType: code === null ? null : { code, desc: type ? descOf(type, language) : code },
      outcome: entry.outcome === 'DENIED' ? 'DENIED' : 'ALLOWED',
    };
  });
  return {
    items,
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
}

function descOf(type: typeof documentTypes.$inferSelect, language: Language): string {
  return language === 'en' ? type.descEn : type.descIt;
}

export async function historyActivities(
  db: Database,
  viewer: UserRow,
  patientId: number,
  language: Language,
): Promise<HistoryActivities> {
  const rows = await db
    .selectDistinct({ code: auditLog.activity })
    .from(auditLog)
    .where(visibleTo(viewer, patientId))
    .orderBy(auditLog.activity);
  return {
    activities: rows.map(({ code }) => ({
      activityId: code,
      activityDesc: label(activities, code, language),
    })),
  };
}

export async function historyUserRoles(
  db: Database,
  viewer: UserRow,
  patientId: number,
  language: Language,
): Promise<HistoryUserRoles> {
  const rows = await db
    .selectDistinct({ code: auditLog.userRole })
    .from(auditLog)
    .where(visibleTo(viewer, patientId))
    .orderBy(auditLog.userRole);
  return { userRoles: rows.map(({ code }): CodeDesc => ({ code, desc: label(userRoles, code, language) })) };
}

export async function historyUsers(db: Database, viewer: UserRow, patientId: number): Promise<HistoryUsers> {
  // One entry per user even if their display name changed between accesses: the latest spelling wins.
  const rows = await db
    .select({
      id: auditLog.userId,
      name: sql<string>`(array_agg(${auditLog.userName} order by ${auditLog.id} desc))[1]`,
    })
    .from(auditLog)
    .where(and(visibleTo(viewer, patientId), sql`${auditLog.userId} is not null`))
    .groupBy(auditLog.userId);
  return {
    users: rows
      .flatMap((row) => (row.id === null ? [] : [{ id: row.id, name: row.name }]))
      .sort((a, b) => a.name.localeCompare(b.name, 'it')),
  };
}

export async function historyDocTypes(
  db: Database,
  viewer: UserRow,
  patientId: number,
  language: Language,
): Promise<HistoryDocTypes> {
  const rows = await db
    .selectDistinct({ code: documentTypes.code, descIt: documentTypes.descIt, descEn: documentTypes.descEn })
    .from(auditLog)
    .innerJoin(documentTypes, eq(documentTypes.code, auditLog.documentTypeCode))
    .where(visibleTo(viewer, patientId))
    .orderBy(documentTypes.code);
  return {
    documentTypes: rows.map((row) => ({ code: row.code, desc: language === 'en' ? row.descEn : row.descIt })),
  };
}
