import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type CeremonyKind,
  GuestGrantFields,
  GuestPerson,
  type PrepareGuestCreateBody,
  type PrepareGuestUpdateBody,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, documentTypes, guests, signatureCeremonies, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { deadlineInstant, romeToday } from '../accounts/guest-grants';
import type { Language } from '../language';
import { type PatientHeader, patientHeader } from '../patients';
import { prepareCeremony } from '../signing/ceremony';
import { ensureGuestAccount, existingGuestUser } from './accounts';
import { renderAuthorisation } from './authorisation-pdf';
import { accessTitleOf, MAX_DEADLINE_YEARS } from './guests.data';
import { replaceSharedDocuments } from './queries';

export const GUEST_KIND = 'guest' satisfies CeremonyKind;

export const GuestEffect = v.object({
  action: v.picklist(['create', 'update']),
  patientId: v.number(),
  guestId: v.optional(v.number()),
  fields: GuestGrantFields,
  person: v.optional(GuestPerson),
  language: v.picklist(['it', 'en']),
});
type GuestEffect = v.InferOutput<typeof GuestEffect>;

const fieldError = (field: string, code: 'invalid' | 'outOfRange' | 'required'): HttpError =>
  new HttpError(400, 'BAD_REQUEST', [{ field, code }]);

function addYears(isoDate: string, years: number): string {
  const [year, rest] = [isoDate.slice(0, 4), isoDate.slice(4)];
  return `${Number(year) + years}${rest}`;
}

/** Deadline from tomorrow to five years ahead; something to see (shared documents or the dossier right). */
function checkFields(fields: v.InferOutput<typeof GuestGrantFields>, now: Date): void {
  const today = romeToday(now);
  if (fields.deadline <= today || fields.deadline > addYears(today, MAX_DEADLINE_YEARS))
    throw fieldError('deadline', 'outOfRange');
  if (fields.documentIds.length === 0 && !fields.rights.includes('dossier'))
    throw fieldError('documentIds', 'required');
}

/** The shared documents, current versions of this patient's dossier only. */
async function sharedDocuments(db: Database, patientId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      createdAt: documents.createdAt,
      typeDesc: documentTypes.descIt,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .where(
      and(
        inArray(documents.id, [...ids]),
        eq(documents.patientId, patientId),
        eq(documents.superseded, false),
      ),
    );
  if (rows.length !== ids.length) throw fieldError('documentIds', 'invalid');
  return ids.map((id) => rows.find((row) => row.id === id) as (typeof rows)[number]);
}

/** A live (not revoked) grant of this patient to this user, other than `except`. */
async function livePairExists(
  db: Database,
  patientId: number,
  guestUserId: number,
  except?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: guests.id })
    .from(guests)
    .where(
      and(
        eq(guests.patientId, patientId),
        eq(guests.guestUserId, guestUserId),
        isNull(guests.revokedAt),
        except === undefined ? undefined : ne(guests.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

interface PrepareOptions {
  applicationTitle: string;
  language: Language;
  now?: Date;
}

/** `POST /guests/prepareCreate`: checks everything the signature will need, then renders the authorisation. */
export async function prepareGuestCreate(
  db: Database,
  user: UserRow,
  patientId: number,
  body: PrepareGuestCreateBody,
  options: PrepareOptions,
): Promise<{ documentIds: number[] }> {
  const now = options.now ?? new Date();
  const { person, ...fields } = body;
  checkFields(fields, now);
  const patient = await patientHeader(db, patientId);
  if (person.fiscalCode === patient.fiscalCode)
    throw new HttpError(409, 'USER_CREATE_ERROR', [{ field: 'person.fiscalCode', code: 'invalid' }]);
  const existing = await existingGuestUser(db, person.fiscalCode);
  if (existing && (await livePairExists(db, patientId, existing.id)))
    throw new HttpError(409, 'GUEST_SAVE_ERROR', [{ field: 'person.fiscalCode', code: 'invalid' }]);
  const shared = await sharedDocuments(db, patientId, fields.documentIds);
  const effect: GuestEffect = { action: 'create', patientId, fields, person, language: options.language };
  return prepare(db, user, patientId, effect, { patient, person, shared, now, options, edit: false });
}

/** `POST /guests/prepareUpdate`: the signed edit of a guest of this patient that is not revoked. */
export async function prepareGuestUpdate(
  db: Database,
  user: UserRow,
  patientId: number,
  body: PrepareGuestUpdateBody,
  options: PrepareOptions,
): Promise<{ documentIds: number[] }> {
  const now = options.now ?? new Date();
  const { guestId, ...fields } = body;
  checkFields(fields, now);
  const [row] = await db
    .select({ guestUserId: guests.guestUserId })
    .from(guests)
    .where(and(eq(guests.id, guestId), eq(guests.patientId, patientId), isNull(guests.revokedAt)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  const [account] = await db.select().from(users).where(eq(users.id, row.guestUserId));
  if (!account) throw new HttpError(404, 'NOT_FOUND');
  const patient = await patientHeader(db, patientId);
  const shared = await sharedDocuments(db, patientId, fields.documentIds);
  const [name = '', ...surname] = account.displayName.split(' ');
  const person = {
    name,
    surname: surname.join(' '),
    fiscalCode: account.fiscalCode ?? '',
    mobilePhone: account.mobilePhone ?? '',
    email: account.email ?? '',
  };
  const effect: GuestEffect = { action: 'update', patientId, guestId, fields, language: options.language };
  return prepare(db, user, patientId, effect, { patient, person, shared, now, options, edit: true });
}

async function prepare(
  db: Database,
  user: UserRow,
  patientId: number,
  effect: GuestEffect,
  context: {
    patient: PatientHeader;
    person: { name: string; surname: string; fiscalCode: string; mobilePhone: string; email: string };
    shared: Awaited<ReturnType<typeof sharedDocuments>>;
    now: Date;
    options: PrepareOptions;
    edit: boolean;
  },
): Promise<{ documentIds: number[] }> {
  const title = context.edit
    ? 'Modifica dell’autorizzazione di una persona di fiducia'
    : 'Autorizzazione di una persona di fiducia';
  const pdf = await renderAuthorisation({
    hospital: context.options.applicationTitle,
    patient: context.patient,
    person: context.person,
    relationship: effect.fields.relationship,
    accessTitle: accessTitleOf(effect.fields.accessTitle, 'it').desc,
    rights: effect.fields.rights,
    deadline: effect.fields.deadline,
    documents: context.shared,
    edit: context.edit,
    signedOn: context.now,
  });
  const { documentIds } = await prepareCeremony(db, {
    user,
    patientId,
    kind: GUEST_KIND,
    effect,
    documents: [{ title, subject: GUEST_KIND, pdf }],
    now: context.now,
  });
  return { documentIds };
}

/**
 * The signed authorisation takes effect in the signing transaction: the account (reused or created, with
 * its SMS queued), the grant and its shared documents. The guest's id is written back into the ceremony,
 * so the confirmation can answer it.
 */
export async function applyGuest(tx: Database, ceremony: { id: string; effect: unknown }): Promise<void> {
  const effect = v.parse(GuestEffect, ceremony.effect);
  const { fields } = effect;
  const now = new Date();
  const values = {
    relationship: fields.relationship,
    accessTitle: fields.accessTitle,
    rights: [...fields.rights],
    deadline: deadlineInstant(fields.deadline),
    updatedAt: now,
  };
  let guestId = effect.guestId;
  if (effect.action === 'create') {
    if (!effect.person) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
    const patient = await patientHeader(tx, effect.patientId);
    const account = await ensureGuestAccount(tx, {
      person: effect.person,
      patientName: `${patient.name} ${patient.surname}`,
      patientId: effect.patientId,
      language: effect.language,
      now,
    });
    // Checked again here: another signature may have created the same pair meanwhile.
    if (await livePairExists(tx, effect.patientId, account.id)) throw new HttpError(409, 'GUEST_SAVE_ERROR');
    const [created] = await tx
      .insert(guests)
      .values({ ...values, patientId: effect.patientId, guestUserId: account.id, invitedAt: now })
      .returning({ id: guests.id });
    guestId = created?.id;
  } else {
    const [updated] = await tx
      .update(guests)
      .set(values)
      .where(
        and(eq(guests.id, guestId ?? 0), eq(guests.patientId, effect.patientId), isNull(guests.revokedAt)),
      )
      .returning({ id: guests.id });
    if (!updated) throw new HttpError(409, 'GUEST_SAVE_ERROR');
  }
  if (guestId === undefined) throw new HttpError(500, 'GUEST_SAVE_ERROR');
  await replaceSharedDocuments(tx, guestId, fields.documentIds);
  await tx
    .update(signatureCeremonies)
    .set({ effect: sql`${signatureCeremonies.effect} || ${JSON.stringify({ guestId })}::jsonb` })
    .where(eq(signatureCeremonies.id, ceremony.id));
}
