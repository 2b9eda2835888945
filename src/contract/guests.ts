import * as v from 'valibot';
import { EntityId, IsoDate, IsoTimestamp, Paging } from './common';
import { FiscalCode } from './patient';

const Id = EntityId;

/** Who the guest is to the patient; also the obscuring audience the guest belongs to. */
export const GuestRelationship = v.picklist(['mate', 'parent', 'son', 'otherFamily', 'other']);
export type GuestRelationship = v.InferOutput<typeof GuestRelationship>;

/** Spec 3: the rights a guest may hold. */
export const GuestRight = v.picklist(['chat', 'download', 'project', 'dossier', 'messaging']);
export type GuestRight = v.InferOutput<typeof GuestRight>;

/** Codes of `GET /guests/accessTitles` (the legal title under which the person acts). */
export const AccessTitleCode = v.picklist([
  'delegation',
  'guardian',
  'supportAdministrator',
  'minorParent',
  'curator',
  'trustedPerson',
]);
export type AccessTitleCode = v.InferOutput<typeof AccessTitleCode>;

export const AccessTitle = v.object({ code: AccessTitleCode, desc: v.string() });
export type AccessTitle = v.InferOutput<typeof AccessTitle>;
export const AccessTitles = v.object({ accessTitles: v.array(AccessTitle) });
export type AccessTitles = v.InferOutput<typeof AccessTitles>;

/** Names: letters, spaces, apostrophes and hyphens, as on an identity document. */
const PersonName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(60, 'tooLong'),
  // Empty is 'required' alone (the pipe does not stop at the first issue).
  v.regex(/^(?:[\p{L}][\p{L}' .-]*)?$/u, 'invalid'),
);
/** A mobile number: optional +, 8 to 15 digits, spaces allowed between them. */
export const MobilePhone = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'required'),
  v.regex(/^(?:\+?\d(?:[ ]?\d){7,14})?$/, 'invalid'),
);
const EmailShape = v.pipe(v.string(), v.email());
export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(254, 'tooLong'),
  v.check((value) => value === '' || v.is(EmailShape, value), 'invalidEmail'),
);

/** The person to authorise; a GUE user with the same fiscal code is reused. */
export const GuestPerson = v.object({
  name: PersonName,
  surname: PersonName,
  fiscalCode: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), FiscalCode),
  mobilePhone: MobilePhone,
  email: Email,
});
export type GuestPerson = v.InferOutput<typeof GuestPerson>;

/** What the patient grants: the same fields for a new guest and for an edit. */
export const GuestGrantFields = v.object({
  relationship: GuestRelationship,
  accessTitle: AccessTitleCode,
  /** Last day of access (inclusive, Rome time): from tomorrow to five years ahead. */
  deadline: IsoDate,
  rights: v.pipe(
    v.array(GuestRight),
    v.check((rights) => new Set(rights).size === rights.length, 'invalid'),
  ),
  /** The documents shared with the guest (current versions of the patient's dossier). */
  documentIds: v.pipe(
    v.array(Id),
    v.maxLength(100, 'tooLong'),
    v.check((ids) => new Set(ids).size === ids.length, 'invalid'),
  ),
});
export type GuestGrantFields = v.InferOutput<typeof GuestGrantFields>;

/** `POST /guests/prepareCreate`: renders the authorisation to sign; answers its temp documents. */
export const PrepareGuestCreateBody = v.object({ ...GuestGrantFields.entries, person: GuestPerson });
export type PrepareGuestCreateBody = v.InferOutput<typeof PrepareGuestCreateBody>;
/** `POST /guests/prepareUpdate`: the signed edit of every field but the person. */
export const PrepareGuestUpdateBody = v.object({ ...GuestGrantFields.entries, guestId: Id });
export type PrepareGuestUpdateBody = v.InferOutput<typeof PrepareGuestUpdateBody>;
export const PrepareGuestReply = v.object({ documentIds: v.array(Id) });
export type PrepareGuestReply = v.InferOutput<typeof PrepareGuestReply>;

/** `POST /guests` and `PUT /guests/{guestId}`: the confirmation after signing, with the prepared ids. */
export const ConfirmGuestBody = v.object({
  documentIds: v.pipe(v.array(Id), v.minLength(1, 'required'), v.maxLength(20, 'tooLong')),
});
export type ConfirmGuestBody = v.InferOutput<typeof ConfirmGuestBody>;

export const GuestStatus = v.picklist(['active', 'expired', 'revoked']);
export type GuestStatus = v.InferOutput<typeof GuestStatus>;

export const Guest = v.object({
  id: Id,
  patientId: Id,
  relationship: GuestRelationship,
  accessTitle: AccessTitle,
  invitedAt: IsoTimestamp,
  /** Last day of access (inclusive). */
  deadline: IsoDate,
  status: GuestStatus,
  rights: v.array(GuestRight),
  chatAccess: v.boolean(),
  downloadAccess: v.boolean(),
  projectAccess: v.boolean(),
  documentIds: v.array(Id),
  person: v.object({
    name: v.string(),
    surname: v.string(),
    fiscalCode: v.string(),
    mobilePhone: v.nullable(v.string()),
    email: v.nullable(v.string()),
    username: v.string(),
  }),
});
export type Guest = v.InferOutput<typeof Guest>;

export const GuestList = v.object({ guests: v.array(Guest), paging: Paging });
export type GuestList = v.InferOutput<typeof GuestList>;

/** `DELETE /guests/{guestId}`: the documents whose sharing ended with the revocation. */
export const RevokeGuestReply = v.object({ documentIds: v.array(Id) });
export type RevokeGuestReply = v.InferOutput<typeof RevokeGuestReply>;

/** `GET /guests/grants`: for a guest, whose documents they see, until when and with which rights. */
export const GuestGrant = v.object({
  patientId: Id,
  patientName: v.string(),
  relationship: GuestRelationship,
  accessTitle: AccessTitle,
  deadline: IsoDate,
  rights: v.array(GuestRight),
  sharedDocuments: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type GuestGrant = v.InferOutput<typeof GuestGrant>;
export const GuestGrants = v.object({ grants: v.array(GuestGrant) });
export type GuestGrants = v.InferOutput<typeof GuestGrants>;
