/**
 * The hospital's rules for copy requests: limits, which supports each delivery type offers, prices (euro
 * cents) and the checks of a delivery. Decided in docs/decisions.md ("Requests for copies").
 */
import type {
  CheckDelivery,
  CreateRequestBody,
  Delivery,
  DeliveryType,
  FieldError,
  PriceLine,
  PriceList,
  Quote,
  RequestLimits,
  Support,
} from '../../../src/contract';

export const LIMITS: RequestLimits = {
  maxNumberOfCopies: 5,
  maxNumberOfCharacters: 60,
  maxNumberOfItems: 50,
};

const DOCUMENT_SUPPORTS: readonly Support[] = ['PAPER', 'PDF', 'DOSSIER'];

/** Ordinary mail carries paper and a DVD, not a USB key; everything else goes with every type. */
export const DELIVERY_RULES: Readonly<Record<DeliveryType, CheckDelivery>> = {
  PAPER: {
    type: 'PAPER',
    documentSupports: [...DOCUMENT_SUPPORTS],
    imageSupports: ['DVD', 'DOSSIER'],
    requiresAddress: true,
    requiresContacts: false,
    delegateAllowed: false,
  },
  COURIER: {
    type: 'COURIER',
    documentSupports: [...DOCUMENT_SUPPORTS],
    imageSupports: ['DVD', 'USB', 'DOSSIER'],
    requiresAddress: true,
    requiresContacts: true,
    delegateAllowed: false,
  },
  DESK: {
    type: 'DESK',
    documentSupports: [...DOCUMENT_SUPPORTS],
    imageSupports: ['DVD', 'USB', 'DOSSIER'],
    requiresAddress: false,
    requiresContacts: false,
    delegateAllowed: true,
  },
};

export const PRICE_LIST: PriceList = {
  currency: 'EUR',
  reportCents: { PAPER: 300, PDF: 200, DOSSIER: 0, DVD: 0, USB: 0 },
  imageCents: { PAPER: 0, PDF: 0, DOSSIER: 0, DVD: 1500, USB: 2500 },
  recordCents: { PAPER: 2500, PDF: 1500, DOSSIER: 0, DVD: 0, USB: 0 },
  deliveryFeeCents: { PAPER: 500, COURIER: 1200, DESK: 0 },
  perCopySupports: ['PAPER', 'DVD', 'USB'],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const ZIP = /^\d{5}$/;
const PROVINCE = /^[A-Za-z]{2}$/;
const MOBILE = /^\+?[\d ]{6,20}$/;
const ID_NUMBER = /^[A-Za-z0-9]{5,20}$/;

/** The field errors of a delivery for a request that does (or not) ask for images; empty when valid. */
export function deliveryErrors(delivery: Delivery, withImages: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, code: FieldError['code']): void => {
    errors.push({ field: `delivery.${field}`, code });
  };
  const rule = DELIVERY_RULES[delivery.type];
  const { info } = delivery;
  if (!rule.documentSupports.includes(delivery.documentSupport)) add('documentSupport', 'invalid');
  if (withImages) {
    if (!delivery.imageSupport) add('imageSupport', 'required');
    else if (!rule.imageSupports.includes(delivery.imageSupport)) add('imageSupport', 'invalid');
  } else if (delivery.imageSupport) add('imageSupport', 'invalid');

  const texts = ['surname', 'name', 'address', 'addressNumber', 'zip', 'city', 'province', 'mobile', 'email'];
  for (const key of texts)
    if ((info[key as keyof typeof info] as string).length > LIMITS.maxNumberOfCharacters)
      add(`info.${key}`, 'tooLong');

  const required = (key: 'surname' | 'name' | 'address' | 'addressNumber' | 'city' | 'mobile'): void => {
    if (info[key] === '') add(`info.${key}`, 'required');
  };
  const needsAddress = rule.requiresAddress;
  if (needsAddress) {
    for (const key of ['surname', 'name', 'address', 'addressNumber', 'city'] as const) required(key);
    if (!ZIP.test(info.zip)) add('info.zip', info.zip === '' ? 'required' : 'invalid');
    if (!PROVINCE.test(info.province)) add('info.province', info.province === '' ? 'required' : 'invalid');
  }
  if (rule.requiresContacts) {
    required('mobile');
    if (info.email === '') add('info.email', 'required');
  }
  if (info.mobile !== '' && !MOBILE.test(info.mobile)) add('info.mobile', 'invalid');
  // A PDF is sent by e-mail: it needs an address to go to.
  const needsEmail = delivery.documentSupport === 'PDF';
  if (needsEmail && info.email === '' && !rule.requiresContacts) add('info.email', 'required');
  if (info.email !== '' && !EMAIL.test(info.email)) add('info.email', 'invalidEmail');

  if (delivery.modality === 'DELEGATE') {
    if (!rule.delegateAllowed) add('modality', 'invalid');
    delegateErrors(delivery, add);
  }
  return errors;
}

function delegateErrors(delivery: Delivery, add: (field: string, code: FieldError['code']) => void): void {
  const delegate = delivery.info.delegated;
  if (!delegate) {
    add('info.delegated', 'required');
    return;
  }
  for (const key of ['surname', 'name'] as const) {
    if (delegate[key] === '') add(`info.delegated.${key}`, 'required');
    else if (delegate[key].length > LIMITS.maxNumberOfCharacters) add(`info.delegated.${key}`, 'tooLong');
  }
  if (!delegate.document) add('info.delegated.document', 'required');
  if (delegate.documentNumber === '') add('info.delegated.documentNumber', 'required');
  else if (!ID_NUMBER.test(delegate.documentNumber)) add('info.delegated.documentNumber', 'invalid');
}

/** Copies of every item within 1..max; the item count within its limit. */
export function itemErrors(body: CreateRequestBody): FieldError[] {
  const errors: FieldError[] = [];
  if (body.items.length > LIMITS.maxNumberOfItems) errors.push({ field: 'items', code: 'tooLong' });
  body.items.forEach((item, index) => {
    if (item.numCopies < 1 || item.numCopies > LIMITS.maxNumberOfCopies)
      errors.push({ field: `items.${index}.numCopies`, code: 'outOfRange' });
    if (body.kind === 'REPORTS' && 'document' in item && !item.document && !item.dicom)
      errors.push({ field: `items.${index}.document`, code: 'required' });
  });
  return errors;
}

function line(
  code: PriceLine['code'],
  target: PriceLine['target'],
  quantity: number,
  unit: number,
): PriceLine {
  return { code, target, quantity, unitCents: unit, totalCents: quantity * unit };
}

/** The price of a valid request: per copy for printed media, once per item for electronic ones, plus the fee. */
export function quoteOf(body: CreateRequestBody): Quote {
  const perCopy = (support: Support, copies: number): number =>
    PRICE_LIST.perCopySupports.includes(support) ? copies : 1;
  const { documentSupport, imageSupport } = body.delivery;
  let documentUnits = 0;
  let imageUnits = 0;
  for (const item of body.items) {
    const wantsDocument = 'document' in item ? item.document : true;
    if (wantsDocument) documentUnits += perCopy(documentSupport, item.numCopies);
    if ('dicom' in item && item.dicom && imageSupport) imageUnits += perCopy(imageSupport, item.numCopies);
  }
  const table = body.kind === 'REPORTS' ? PRICE_LIST.reportCents : PRICE_LIST.recordCents;
  const lines = [
    line(
      documentSupport,
      body.kind === 'REPORTS' ? 'DOCUMENT' : 'RECORD',
      documentUnits,
      table[documentSupport],
    ),
  ];
  if (imageSupport && imageUnits > 0)
    lines.push(line(imageSupport, 'IMAGE', imageUnits, PRICE_LIST.imageCents[imageSupport]));
  lines.push(line('FEE', 'DELIVERY', 1, PRICE_LIST.deliveryFeeCents[body.delivery.type]));
  const kept = lines.filter((entry) => entry.quantity > 0);
  return { priceCents: kept.reduce((sum, entry) => sum + entry.totalCents, 0), lines: kept };
}
