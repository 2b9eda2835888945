import * as v from 'valibot';
import { EntityIdText, IsoDate, Paging, PagingQuery } from './common';

const Text = v.pipe(v.string(), v.maxLength(200));

/**
 * A field that may be null. Absent counts as null too: `POST /patients/import` drops null fields before
 * sending (spec section 7), so the same record must validate with or without them.
 */
const orNull = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema), null);
const OptionalText = orNull(Text);

export const Sex = v.picklist(['M', 'F', 'X']);
export const MaritalStatus = v.picklist([
  'single',
  'married',
  'civilUnion',
  'separated',
  'divorced',
  'widowed',
  'unknown',
]);
export const LifeStatus = v.picklist(['alive', 'deceased']);
export const IdentityDocumentType = v.picklist(['identityCard', 'passport', 'drivingLicence']);

/** Italian fiscal code of a person: 16 characters, omocodia letters allowed. */
export const FiscalCode = v.pipe(
  v.string(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPR-T][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/),
);

export const Address = v.object({
  street: OptionalText,
  number: OptionalText,
  zip: orNull(v.pipe(v.string(), v.regex(/^\d{5}$/))),
  city: OptionalText,
  province: orNull(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  region: OptionalText,
  country: OptionalText,
});

export const Contacts = v.object({
  homePhone: OptionalText,
  fax: OptionalText,
  mobilePhone: OptionalText,
  mobilePhone2: OptionalText,
  email: orNull(v.pipe(v.string(), v.email())),
  email2: orNull(v.pipe(v.string(), v.email())),
});

export const RelatedPerson = v.object({
  relationship: Text,
  name: Text,
  surname: Text,
  phone: OptionalText,
});

export const GeneralPractitioner = v.object({
  code: OptionalText,
  name: Text,
  surname: Text,
  fiscalCode: orNull(FiscalCode),
  phone: OptionalText,
  email: orNull(v.pipe(v.string(), v.email())),
});

export const HealthService = v.object({
  aslResidenceCode: OptionalText,
  aslAssistanceCode: OptionalText,
  healthCardNumber: OptionalText,
  healthCardExpiryDate: orNull(IsoDate),
  stpCode: OptionalText,
  teamCode: OptionalText,
  generalPractitioner: orNull(GeneralPractitioner),
});

export const IdentityDocument = v.object({
  type: IdentityDocumentType,
  number: Text,
  releaseDate: orNull(IsoDate),
  expiryDate: orNull(IsoDate),
  issuingAuthority: OptionalText,
});

export const Death = v.object({
  date: orNull(IsoDate),
  place: OptionalText,
  province: OptionalText,
  country: OptionalText,
});

export const PersonIdentifier = v.object({ type: Text, value: Text });

export const PositionStatus = v.object({ merged: v.boolean(), alive: v.boolean() });

/** The full demographic record of a patient (spec section 3). */
export const Patient = v.object({
  mepiId: v.pipe(v.number(), v.integer()),
  masterId: Text,
  favorite: v.boolean(),
  name: Text,
  surname: Text,
  middleName: OptionalText,
  sex: Sex,
  birthDate: IsoDate,
  birthPlace: OptionalText,
  region: OptionalText,
  province: OptionalText,
  zip: OptionalText,
  fiscalCode: FiscalCode,
  maritalStatus: MaritalStatus,
  citizenship: OptionalText,
  nationality: OptionalText,
  lifeStatus: LifeStatus,
  death: orNull(Death),
  identityDocument: orNull(IdentityDocument),
  residence: orNull(Address),
  domicile: orNull(Address),
  contacts: v.optional(Contacts, {}),
  relatedPersons: v.optional(v.array(RelatedPerson), []),
  healthService: v.optional(HealthService, {}),
  personIdentifiers: v.optional(v.array(PersonIdentifier), []),
  positionStatus: PositionStatus,
});
export type Patient = v.InferOutput<typeof Patient>;

/** What lists and the profile reply carry of a patient. */
export const PatientSummary = v.pick(Patient, [
  'mepiId',
  'masterId',
  'favorite',
  'name',
  'surname',
  'sex',
  'birthDate',
  'fiscalCode',
  'positionStatus',
]);
export type PatientSummary = v.InferOutput<typeof PatientSummary>;

/** Repeated `positionStatus` filter of `GET /patients`. */
export const PositionStatusFilter = v.picklist(['alive', 'deceased', 'merged']);

/**
 * Spec 4 "Filter values" on a project: participants, participants with documents to validate (uploads
 * pending), participants with validated uploads, invited, neither (not taking part and not invited).
 */
export const ParticipationFilter = v.picklist([
  'participants',
  'toValidate',
  'validated',
  'invited',
  'neither',
]);
export type ParticipationFilter = v.InferOutput<typeof ParticipationFilter>;

export const PatientListQuery = v.object({
  ...PagingQuery.entries,
  positionStatus: v.optional(v.union([PositionStatusFilter, v.array(PositionStatusFilter)])),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  surname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  fiscalCode: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(16))),
  birthDate: v.optional(IsoDate),
  /** `favorites=true`: only the caller's favourites (the `/myPatients` screen). */
  favorites: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((flag) => flag === 'true'),
    ),
  ),
  /** With `participation`: a project the caller runs (spec 4 "Filter values"). */
  projectId: v.optional(EntityIdText),
  participation: v.optional(ParticipationFilter),
});
export type PatientListQuery = v.InferOutput<typeof PatientListQuery>;

export const PatientList = v.object({ patients: v.array(PatientSummary), paging: Paging });
export type PatientList = v.InferOutput<typeof PatientList>;

const SearchText = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));
const given = (value: unknown): boolean => value !== undefined;

/**
 * `GET /patients/mepiSearch`: exactly one way of identifying a person, complete: the fiscal code; or
 * surname, name and birth date together; or a person identifier's type and value together. A partial
 * combination answers 400 naming the missing field as `required`.
 */
export const MepiSearchQuery = v.pipe(
  v.object({
    ...PagingQuery.entries,
    fiscalCode: v.optional(v.pipe(v.string(), v.trim(), FiscalCode)),
    surname: v.optional(SearchText),
    name: v.optional(SearchText),
    birthDate: v.optional(IsoDate),
    identifierType: v.optional(SearchText),
    identifierValue: v.optional(SearchText),
  }),
  v.forward(
    v.check(
      (query) => given(query.fiscalCode) || given(query.surname) || given(query.identifierType),
      'required',
    ),
    ['fiscalCode'],
  ),
  v.forward(
    v.check((query) => given(query.fiscalCode) || !given(query.surname) || given(query.name), 'required'),
    ['name'],
  ),
  v.forward(
    v.check(
      (query) => given(query.fiscalCode) || !given(query.surname) || given(query.birthDate),
      'required',
    ),
    ['birthDate'],
  ),
  v.forward(
    v.check(
      (query) => given(query.fiscalCode) || !given(query.identifierType) || given(query.identifierValue),
      'required',
    ),
    ['identifierValue'],
  ),
);
export type MepiSearchQuery = v.InferOutput<typeof MepiSearchQuery>;

/** `PUT /patients/{id}/favorites` body and reply. */
export const FavoriteFlag = v.object({ favorite: v.boolean() });
export type FavoriteFlag = v.InferOutput<typeof FavoriteFlag>;

/**
 * `POST /patients/import`: the record without the ids the server assigns and the per-user flag. The
 * position status may be left out: it then follows `lifeStatus`, not merged.
 */
export const PatientImport = v.object({
  ...v.omit(Patient, ['mepiId', 'favorite', 'positionStatus']).entries,
  positionStatus: v.optional(PositionStatus),
});
export type PatientImport = v.InferOutput<typeof PatientImport>;
