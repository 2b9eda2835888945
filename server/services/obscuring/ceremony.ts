import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type CeremonyKind,
  type ConfirmObscureReply,
  ObscureSelection,
  type ObscuringInfo,
  type PrepareObscureBody,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, documentTypes, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { recordWrite } from '../access/recorded';
import { patientHeader } from '../patients';
import { findSignedCeremony, prepareCeremony } from '../signing/ceremony';
import { type RequestLine, renderObscuringRequest } from './request-pdf';
import { obscuringFlags, obscuringOf } from './visibility';

export const OBSCURE_KIND = 'obscure' satisfies CeremonyKind;
export const OBSCURE_PERMISSION = 'perm.meview.document.obscure';

/** What the ceremony applies once signed: the new flags of each document, and the flags it replaces. */
const ObscureEffect = v.object({
  patientId: v.number(),
  documents: v.array(
    v.object({ ...ObscureSelection.entries, previous: ObscureSelection.entries.obscuringInfo }),
  ),
});
type ObscureEffect = v.InferOutput<typeof ObscureEffect>;

const changedFlags = (from: ObscuringInfo, to: ObscuringInfo, value: boolean): (keyof ObscuringInfo)[] =>
  obscuringFlags.filter((flag) => to[flag] === value && from[flag] !== value);

/** Summary kept in the audit row: "+general,son -operator". */
function auditDetail(from: ObscuringInfo, to: ObscuringInfo): string {
  const hidden = changedFlags(from, to, true);
  const shown = changedFlags(from, to, false);
  return [hidden.length ? `+${hidden.join(',')}` : '', shown.length ? `-${shown.join(',')}` : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * Who may obscure: spec 6 says obscuring needs a permission, and the choice is the patient's own. A user
 * without the permission gets PERMISSION_MISSING; with it, only the patient of this dossier (audited).
 */
async function authorizeObscuring(db: Database, user: UserRow, patientId: number): Promise<void> {
  if (!user.permissions.includes(OBSCURE_PERMISSION)) throw new HttpError(403, 'PERMISSION_MISSING');
  await authorizePatientAccess(db, user, patientId, 'DOCUMENT_OBSCURE', { detail: 'PREPARE' });
  if (user.userType !== 'PAT') throw new HttpError(403, 'ACCESS_DENIED');
}

/**
 * `POST /documents/prepareObscure`: checks the selection (current documents of this patient, each one
 * changing something), renders the request to sign and opens an 'obscure' ceremony.
 */
export async function prepareObscuring(
  db: Database,
  user: UserRow,
  body: PrepareObscureBody,
  options: { applicationTitle: string; now?: Date },
): Promise<{ documentIds: number[] }> {
  await authorizeObscuring(db, user, body.patientId);
  const ids = body.documents.map((selection) => selection.documentId);
  if (new Set(ids).size !== ids.length)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'documents', code: 'invalid' }]);
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      createdAt: documents.createdAt,
      obscuring: documents.obscuring,
      typeDesc: documentTypes.descIt,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.patientId, body.patientId),
        eq(documents.superseded, false),
      ),
    );
  // Another patient's document, an older version or a missing one: not found in this dossier.
  if (rows.length !== ids.length) throw new HttpError(404, 'NOT_FOUND');
  const lines: RequestLine[] = [];
  const effect: ObscureEffect = { patientId: body.patientId, documents: [] };
  for (const [index, selection] of body.documents.entries()) {
    const row = rows.find((candidate) => candidate.id === selection.documentId);
    if (!row) throw new HttpError(404, 'NOT_FOUND');
    const previous = obscuringOf(row.obscuring);
    const hiddenFrom = changedFlags(previous, selection.obscuringInfo, true);
    const shownAgainTo = changedFlags(previous, selection.obscuringInfo, false);
    // A document whose viewers stay the same has nothing to sign.
    if (hiddenFrom.length === 0 && shownAgainTo.length === 0)
      throw new HttpError(400, 'BAD_REQUEST', [
        { field: `documents.${index}.obscuringInfo`, code: 'invalid' },
      ]);
    lines.push({
      title: row.title,
      typeDesc: row.typeDesc,
      createdAt: row.createdAt,
      hiddenFrom,
      shownAgainTo,
    });
    effect.documents.push({ ...selection, previous });
  }
  const patient = await patientHeader(db, body.patientId);
  const now = options.now ?? new Date();
  const pdf = await renderObscuringRequest({
    patient,
    hospital: options.applicationTitle,
    documents: lines,
    requestedAt: now,
  });
  const { documentIds } = await prepareCeremony(db, {
    user,
    patientId: body.patientId,
    kind: OBSCURE_KIND,
    effect,
    documents: [{ title: 'Richiesta di oscuramento di documenti', subject: OBSCURE_KIND, pdf }],
    now,
  });
  return { documentIds };
}

/**
 * The signed request takes effect in the signing transaction: each document, with its earlier versions
 * (reachable by id through previousVersions), gets the signed flags, and each change is audited.
 */
export async function applyObscuring(
  tx: Database,
  ceremony: { userId: number; effect: unknown },
): Promise<void> {
  const effect = v.parse(ObscureEffect, ceremony.effect);
  const [signer] = await tx.select().from(users).where(eq(users.id, ceremony.userId));
  if (!signer) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  for (const selection of effect.documents) {
    await tx.execute(sql`
      with recursive chain(id, previous_id) as (
        select id, previous_version_id from documents where id = ${selection.documentId}
        union all
        select d.id, d.previous_version_id from documents d join chain on d.id = chain.previous_id
      )
      update documents set obscuring = ${JSON.stringify(selection.obscuringInfo)}::jsonb
      where id in (select id from chain) and patient_id = ${effect.patientId}`);
    await recordWrite(tx, signer, effect.patientId, 'DOCUMENT_OBSCURE', {
      documentId: selection.documentId,
      detail: auditDetail(selection.previous, selection.obscuringInfo),
    });
  }
}

/**
 * `PUT /documents/obscure` {documentIds}: the confirmation after signing. The ids are those
 * prepareObscure answered (the client holds them before signing, so the wizard's "Fine" can carry them);
 * their ceremony must be a SIGNED 'obscure' one of this user. The reply is what it applied, as it stands.
 */
export async function confirmObscuring(
  db: Database,
  user: UserRow,
  tempIds: readonly number[],
): Promise<ConfirmObscureReply> {
  const ceremony = await findSignedCeremony(db, user, tempIds, OBSCURE_KIND);
  const effect = v.parse(ObscureEffect, ceremony.effect);
  const ids = effect.documents.map((selection) => selection.documentId);
  const rows = await db
    .select({ id: documents.id, title: documents.title, obscuring: documents.obscuring })
    .from(documents)
    .where(inArray(documents.id, ids));
  return {
    patientId: effect.patientId,
    documents: ids.flatMap((id) => {
      const row = rows.find((candidate) => candidate.id === id);
      return row ? [{ documentId: id, title: row.title, obscuringInfo: obscuringOf(row.obscuring) }] : [];
    }),
  };
}
