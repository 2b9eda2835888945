/**
 * Requests for copies of reports and of medical records (spec 3 "Document request state", 7 "Document
 * requests"). Limits, supports and prices are the server's (`maxNumberOfCopiesAndCharacters`, `priceList`);
 * the schemas here check shapes, the server checks the limits and charges its own price.
 */
import * as v from 'valibot';
import { EntityId, EntityIdText, IsoTimestamp, Paging, PagingQuery } from './common';
import { CodeDesc } from './reference';

const Id = EntityId;
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0));
const PatientIdQuery = EntityIdText;

/** How the copies reach the patient: ordinary mail, courier, or collection at the desk. */
export const DeliveryType = v.picklist(['PAPER', 'COURIER', 'DESK']);
export type DeliveryType = v.InferOutput<typeof DeliveryType>;
/** Who collects at the desk: the patient, or a delegate with an identity document. */
export const DeliveryModality = v.picklist(['SELF', 'DELEGATE']);
export type DeliveryModality = v.InferOutput<typeof DeliveryModality>;
/** The medium of the copies: printed, published in the online dossier, DVD, PDF by e-mail, USB key. */
export const Support = v.picklist(['PAPER', 'DOSSIER', 'DVD', 'PDF', 'USB']);
export type Support = v.InferOutput<typeof Support>;
export const DelegateIdType = v.picklist(['IDENTITY_CARD', 'PASSPORT', 'DRIVING_LICENCE']);
export type DelegateIdType = v.InferOutput<typeof DelegateIdType>;
export const RequestKind = v.picklist(['REPORTS', 'MEDICAL_RECORDS']);
export type RequestKind = v.InferOutput<typeof RequestKind>;
export const RequestStatus = v.picklist(['SUBMITTED', 'IN_PROGRESS', 'READY', 'COMPLETED', 'CANCELLED']);
export type RequestStatus = v.InferOutput<typeof RequestStatus>;

/** Free text as typed: trimmed; its length is checked by the server against its own limit. */
const Text = v.pipe(v.string(), v.trim());

export const Delegate = v.object({
  surname: Text,
  name: Text,
  document: v.optional(v.nullable(DelegateIdType)),
  documentNumber: Text,
});
export type Delegate = v.InferOutput<typeof Delegate>;

/** The addressee and contacts (spec: delivery.info); which fields are required depends on the type. */
export const DeliveryInfo = v.object({
  surname: Text,
  name: Text,
  address: Text,
  addressNumber: Text,
  zip: Text,
  city: Text,
  province: Text,
  mobile: Text,
  email: Text,
  delegated: v.optional(v.nullable(Delegate)),
});
export type DeliveryInfo = v.InferOutput<typeof DeliveryInfo>;

export const Delivery = v.object({
  type: DeliveryType,
  modality: DeliveryModality,
  /** Medium of the documents (reports, medical records). */
  documentSupport: Support,
  /** Medium of the images; required when an item asks for images. */
  imageSupport: v.optional(v.nullable(Support)),
  info: DeliveryInfo,
});
export type Delivery = v.InferOutput<typeof Delivery>;

/** One report: the document flag, the image flag (only where the document has studies) and copies. */
export const ReportItemInput = v.object({
  documentId: Id,
  document: v.boolean(),
  dicom: v.boolean(),
  numCopies: v.pipe(v.number(), v.integer()),
});
export type ReportItemInput = v.InferOutput<typeof ReportItemInput>;
export const RecordItemInput = v.object({
  hospitalizationId: Id,
  numCopies: v.pipe(v.number(), v.integer()),
});
export type RecordItemInput = v.InferOutput<typeof RecordItemInput>;

const Items = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item), v.minLength(1, 'required'), v.maxLength(100, 'tooLong'));

/** `POST /documentRequest/createRequest` and `/documentRequest/quote`. */
export const CreateRequestBody = v.variant('kind', [
  v.object({ kind: v.literal('REPORTS'), patientId: Id, items: Items(ReportItemInput), delivery: Delivery }),
  v.object({
    kind: v.literal('MEDICAL_RECORDS'),
    patientId: Id,
    items: Items(RecordItemInput),
    delivery: Delivery,
  }),
]);
export type CreateRequestBody = v.InferOutput<typeof CreateRequestBody>;

/** A stored item, with what the archive shows of it (title, dates) as it was when requested. */
export const RequestItem = v.object({
  documentId: v.nullable(Id),
  hospitalizationId: v.nullable(Id),
  title: v.string(),
  document: v.boolean(),
  dicom: v.boolean(),
  numCopies: Id,
  date: v.nullable(IsoTimestamp),
});
export type RequestItem = v.InferOutput<typeof RequestItem>;

export const PriceLine = v.object({
  /** What the line charges: a support (PAPER…) per item or copy, or the delivery fee (FEE). */
  code: v.picklist(['PAPER', 'DOSSIER', 'DVD', 'PDF', 'USB', 'FEE']),
  target: v.picklist(['DOCUMENT', 'IMAGE', 'RECORD', 'DELIVERY']),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  unitCents: Cents,
  totalCents: Cents,
});
export type PriceLine = v.InferOutput<typeof PriceLine>;
export const Quote = v.object({ priceCents: Cents, lines: v.array(PriceLine) });
export type Quote = v.InferOutput<typeof Quote>;

export const DocumentRequest = v.object({
  id: Id,
  patientId: Id,
  kind: RequestKind,
  status: RequestStatus,
  items: v.array(RequestItem),
  delivery: Delivery,
  priceCents: Cents,
  createdAt: IsoTimestamp,
  cancelledAt: v.nullable(IsoTimestamp),
  /** The request can still be cancelled (SUBMITTED, IN_PROGRESS), or removed from the archive. */
  cancellable: v.boolean(),
  deletable: v.boolean(),
});
export type DocumentRequest = v.InferOutput<typeof DocumentRequest>;

/** `GET /documentRequest/archive?patientId`: newest first; the spec keeps the list under `documents`. */
export const ArchiveQuery = v.object({ ...PagingQuery.entries, patientId: PatientIdQuery });
export type ArchiveQuery = v.InferOutput<typeof ArchiveQuery>;
export const RequestArchive = v.object({ documents: v.array(DocumentRequest), paging: Paging });
export type RequestArchive = v.InferOutput<typeof RequestArchive>;

/** `GET /documentRequest/availableDelivery`: the delivery types, each with its modalities. */
export const AvailableDelivery = v.object({
  deliveryTypes: v.array(v.object({ type: DeliveryType, modalities: v.array(DeliveryModality) })),
});
export type AvailableDelivery = v.InferOutput<typeof AvailableDelivery>;

/** `GET /documentRequest/checkDelivery?selectedType`: supports and fields that type needs. */
export const CheckDeliveryQuery = v.object({ selectedType: DeliveryType });
export const CheckDelivery = v.object({
  type: DeliveryType,
  documentSupports: v.array(Support),
  imageSupports: v.array(Support),
  requiresAddress: v.boolean(),
  requiresContacts: v.boolean(),
  delegateAllowed: v.boolean(),
});
export type CheckDelivery = v.InferOutput<typeof CheckDelivery>;

/** `GET /documentRequest/maxNumberOfCopiesAndCharacters`. */
export const RequestLimits = v.object({
  maxNumberOfCopies: Id,
  maxNumberOfCharacters: Id,
  maxNumberOfItems: Id,
});
export type RequestLimits = v.InferOutput<typeof RequestLimits>;

const PerSupport = v.object({ PAPER: Cents, DOSSIER: Cents, DVD: Cents, PDF: Cents, USB: Cents });

/** `GET /priceList`, in euro cents: per copy for printed supports, per item for the others. */
export const PriceList = v.object({
  currency: v.literal('EUR'),
  reportCents: PerSupport,
  imageCents: PerSupport,
  recordCents: PerSupport,
  deliveryFeeCents: v.object({ PAPER: Cents, COURIER: Cents, DESK: Cents }),
  /** Supports charged per copy (the others once per item). */
  perCopySupports: v.array(Support),
});
export type PriceList = v.InferOutput<typeof PriceList>;

/** `GET /hospitalizations?patientId`. */
export const HospitalizationsQuery = v.object({ patientId: PatientIdQuery });
export const Hospitalization = v.object({
  id: Id,
  code: v.string(),
  unit: CodeDesc,
  regime: CodeDesc,
  admittedAt: IsoTimestamp,
  dischargedAt: v.nullable(IsoTimestamp),
});
export type Hospitalization = v.InferOutput<typeof Hospitalization>;
export const Hospitalizations = v.object({ hospitalizations: v.array(Hospitalization) });
export type Hospitalizations = v.InferOutput<typeof Hospitalizations>;
