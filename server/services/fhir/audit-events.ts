import type { AuditEvent, AuditEventAgent, AuditEventEntity } from '@medplum/fhirtypes';
import type { auditLog } from '../../db/schema';
import type { AuditActivity } from '../audit';
import { accessLabels, readerOf } from '../history-labels';
import type { Localized } from '../language';
import { concept, type EntryId, type MappingContext, portalSystems, referenceTo, systems } from './systems';

type AuditRow = typeof auditLog.$inferSelect;
type Action = NonNullable<AuditEvent['action']>;

/** The activities that are not reads, by FHIR's audit-event-action; every other activity is a read (R). */
const actions: Partial<Record<AuditActivity, Action>> = {
  CONSENT_WRITE: 'C',
  DISPUTE_WRITE: 'C',
  DOCUMENT_OBSCURE: 'U',
  UPLOAD_WRITE: 'U',
  UPLOAD_REVIEW: 'U',
  DOCUMENT_REQUEST_WRITE: 'U',
  CARE_PLAN_WRITE: 'U',
  PAIR_WRITE: 'U',
  SHL_WRITE: 'U',
  READING_WRITE: 'U',
  DISPUTE_ANSWER: 'U',
  DOCUMENT_RESTORE: 'E',
  STUDY_MOVE: 'E',
  RECORD_EXPORT: 'E',
};

/** The RESTful interaction each action is (the `rest` type's subtypes). */
const interactions = {
  C: 'create',
  R: 'read',
  U: 'update',
  D: 'delete',
  E: 'operation',
} as const satisfies Record<Action, string>;

const denied: Localized = { it: 'Accesso negato', en: 'Access denied' };

const patientEntity = (context: MappingContext): AuditEventEntity => ({
  what: referenceTo(context.patient),
  type: { system: systems.auditEntityType, code: '1', display: 'Person' },
  role: { system: systems.objectRole, code: '1', display: 'Patient' },
});

const documentEntity = (documentId: number): AuditEventEntity => ({
  what: { reference: `DocumentReference/${documentId}` },
  type: { system: systems.auditEntityType, code: '2', display: 'System Object' },
  role: { system: systems.objectRole, code: '3', display: 'Report' },
});

/**
 * One row of the treatment history as an AuditEvent: a `rest` event whose subtypes are the interaction
 * and the portal's activity (named in the reader's language), allowed (0) or denied (4); the person with
 * their role and access title, and the app that read for them as a second agent named as the history
 * names it ("App, per conto di …"); the patient, and the document when the row names one.
 */
export function auditEventOf(row: AuditRow, entry: EntryId, context: MappingContext): AuditEvent {
  const labels = accessLabels(row, context.language);
  const action = actions[row.activity as AuditActivity] ?? 'R';
  const person: AuditEventAgent = {
    type: concept([
      { system: 'http://terminology.hl7.org/CodeSystem/extra-security-role-type', code: 'humanuser' },
    ]),
    role: [concept([{ system: portalSystems.userRole, code: row.userRole, display: labels.userRole }])],
    who: { display: row.userName },
    requestor: true,
    purposeOfUse: [
      concept([{ system: portalSystems.accessTitle, code: row.accessTitle, display: labels.accessTitle }]),
    ],
  };
  const app: AuditEventAgent[] = row.appName
    ? [
        {
          type: concept([{ system: systems.dicom, code: '110150', display: 'Application' }]),
          who: { display: row.appName },
          name: readerOf(row, context.language),
          requestor: false,
        },
      ]
    : [];
  return {
    resourceType: 'AuditEvent',
    id: entry.id,
    type: { system: systems.auditEventType, code: 'rest', display: 'RESTful Operation' },
    subtype: [
      { system: systems.restfulInteraction, code: interactions[action] },
      { system: portalSystems.auditActivity, code: row.activity, display: labels.activity },
    ],
    action,
    recorded: row.at.toISOString(),
    outcome: row.outcome === 'DENIED' ? '4' : '0',
    ...(row.outcome === 'DENIED' ? { outcomeDesc: denied[context.language] } : {}),
    agent: [person, ...app],
    source: {
      observer: referenceTo(context.organization),
      type: [{ system: systems.securitySourceType, code: '4', display: 'Application Server' }],
    },
    entity: [patientEntity(context), ...(row.documentId === null ? [] : [documentEntity(row.documentId)])],
  };
}
