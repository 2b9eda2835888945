import * as v from 'valibot';
import { IsoDate, Paging, PagingQuery } from './common';

const Text = v.pipe(v.string(), v.maxLength(200));
const OptionalText = v.nullable(Text);

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
  zip: v.nullable(v.pipe(v.string(), v.regex(/^\d{5}$/))),
  city: OptionalText,
  province: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  region: OptionalText,
  country: OptionalText,
});

export const Contacts = v.object({
  homePhone: OptionalText,
  fax: OptionalText,
  mobilePhone: OptionalText,
  mobilePhone2: OptionalText,
  email: v.nullable(v.pipe(v.string(), v.email())),
  email2: v.nullable(v.pipe(v.string(), v.email())),
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
  fiscalCode: v.nullable(FiscalCode),
  phone: OptionalText,
  email: v.nullable(v.pipe(v.string(), v.email())),
});

export const HealthService = v.object({
  aslResidenceCode: OptionalText,
  aslAssistanceCode: OptionalText,
  healthCardNumber: OptionalText,
  healthCardExpiryDate: v.nullable(IsoDate),
  stpCode: OptionalText,
  teamCode: OptionalText,
  generalPractitioner: v.nullable(GeneralPractitioner),
});

export const IdentityDocument = v.object({
  type: IdentityDocumentType,
  number: Text,
  releaseDate: v.nullable(IsoDate),
  expiryDate: v.nullable(IsoDate),
  issuingAuthority: OptionalText,
});

export const Death = v.object({
  date: v.nullable(IsoDate),
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
  death: v.nullable(Death),
  identityDocument: v.nullable(IdentityDocument),
  residence: v.nullable(Address),
  domicile: v.nullable(Address),
  contacts: Contacts,
  relatedPersons: v.array(RelatedPerson),
  healthService: HealthService,
  personIdentifiers: v.array(PersonIdentifier),
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

export const PatientListQuery = v.object({
  ...PagingQuery.entries,
  positionStatus: v.optional(v.union([PositionStatusFilter, v.array(PositionStatusFilter)])),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  surname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  fiscalCode: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(16))),
  birthDate: v.optional(IsoDate),
});
export type PatientListQuery = v.InferOutput<typeof PatientListQuery>;

export const PatientList = v.object({ patients: v.array(PatientSummary), paging: Paging });
export type PatientList = v.InferOutput<typeof PatientList>;
