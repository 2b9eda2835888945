import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { ConsentCategory, ConsentType, FieldError, Model } from '../../../src/contract';
import { DOSSIER_CONSENT_CODE } from '../../constants';
import { HttpError } from '../../http-error';
import type { Language, Localized } from '../language';
import dossier from './models/cons-dossier.json';
import fea from './models/cons-fea.json';
import ctContrast from './models/cons-inf-ct-contrast.json';
import biobank from './models/cons-prj-biobank.json';
import cardio from './models/cons-prj-cardio.json';
import covid from './models/cons-prj-covid.json';
import diabetes from './models/cons-prj-diab.json';

export type { Language };

/** A consent model as stored in ./models: its texts in both languages and its JSON Schema. */
export interface ConsentModel {
  modelCode: string;
  consentCode: string;
  category: ConsentCategory;
  /** False: only staff may collect it (a patient is told to see their physician). */
  patientCollectable: boolean;
  validityMonths: number | null;
  /** When the project ended: afterwards its consents are closed ('Non è più possibile modificare…'). */
  activeUntil: string | null;
  title: Localized;
  description: Localized;
  text: { it: string[]; en: string[] };
  /** JSON Schema whose `title`/`description` may be `{it, en}`; served localised. */
  jsonSchema: Record<string, unknown>;
}

const models: readonly ConsentModel[] = [dossier, fea, cardio, diabetes, biobank, covid, ctContrast].map(
  (model) => model as ConsentModel,
);

/** The consent signing up to the advanced electronic signature (GET /me code 2 while due). */
export const FEA_CONSENT_CODE = 'CONS_FEA';

export const categoryTitles: Record<ConsentCategory, Localized> = {
  DOSSIER: { it: 'Consensi al dossier e ai servizi', en: 'Dossier and service consents' },
  PROJECT: { it: 'Consensi ai progetti', en: 'Project consents' },
  INFORMED: { it: 'Consensi informati alle prestazioni', en: 'Informed consents to procedures' },
};

export function allModels(): readonly ConsentModel[] {
  return models;
}

export function modelOfConsent(consentCode: string): ConsentModel | undefined {
  return models.find((model) => model.consentCode === consentCode);
}

export function modelByCode(modelCode: string): ConsentModel | undefined {
  return models.find((model) => model.modelCode === modelCode);
}

export function isDossierConsent(consentCode: string): boolean {
  return consentCode === DOSSIER_CONSENT_CODE;
}

/** Replaces every `{it, en}` title or description with the text of the language. */
export function localizeSchema(node: unknown, language: Language): unknown {
  if (Array.isArray(node)) return node.map((item) => localizeSchema(item, language));
  if (node === null || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const localized = (key === 'title' || key === 'description') && isLocalized(value);
    result[key] = localized ? value[language] : localizeSchema(value, language);
  }
  return result;
}

function isLocalized(value: unknown): value is Localized {
  return typeof value === 'object' && value !== null && 'it' in value && 'en' in value;
}

/**
 * A consent's title: the model's, followed by the project's name unless the title already says it
 * ("Partecipazione al progetto Cuore in Rete", not "… Cuore in Rete - Cuore in Rete").
 */
export function consentTitle(
  model: Pick<ConsentModel, 'title'>,
  project: { name: string } | null | undefined,
  language: Language,
): string {
  const title = model.title[language];
  if (!project || title.toLocaleLowerCase('it').includes(project.name.toLocaleLowerCase('it'))) return title;
  return `${title} - ${project.name}`;
}

export function consentTypeOf(model: ConsentModel, language: Language): ConsentType {
  return {
    code: model.consentCode,
    category: model.category,
    desc: model.title[language],
    description: model.description[language],
    modelCode: model.modelCode,
    patientCollectable: model.patientCollectable,
    validityMonths: model.validityMonths,
  };
}

export function modelReply(model: ConsentModel, language: Language): Model {
  return {
    modelCode: model.modelCode,
    title: model.title[language],
    notice: model.text[language],
    jsonSchema: JSON.stringify(localizeSchema(model.jsonSchema, language)),
  };
}

/** A model whose project ended: its consents can no longer change. */
export function isModelClosed(model: ConsentModel, now: Date): boolean {
  return model.activeUntil !== null && new Date(model.activeUntil) <= now;
}

export function expiryOf(model: ConsentModel, signedAt: Date): Date | null {
  if (model.validityMonths === null) return null;
  const expiry = new Date(signedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + model.validityMonths);
  return expiry;
}

// strictRequired off: an if/then may require a property declared at the top level.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
const validators = new Map<string, ValidateFunction>();

function validatorOf(model: ConsentModel): ValidateFunction {
  let validate = validators.get(model.modelCode);
  if (!validate) {
    validate = ajv.compile(localizeSchema(model.jsonSchema, 'it') as object);
    validators.set(model.modelCode, validate);
  }
  return validate;
}

function fieldOf(error: ErrorObject): FieldError {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  const field = ['jsonData', ...path].join('.');
  switch (error.keyword) {
    case 'required':
      return { field, code: 'required' };
    case 'const': // a declaration that must be ticked; a wrong choice of a oneOf list is invalid
      return { field, code: error.schemaPath.includes('/oneOf/') ? 'invalid' : 'required' };
    case 'maxLength':
      return { field, code: 'tooLong' };
    case 'additionalProperties':
      return { field, code: 'unknown' };
    default:
      return { field, code: 'invalid' };
  }
}

/** The answers of a model form, checked against its JSON Schema: 400 with the fields in error. */
export function validateJsonData(model: ConsentModel, jsonData: unknown): void {
  const validate = validatorOf(model);
  if (validate(jsonData)) return;
  const fields = (validate.errors ?? [])
    // `if`/`oneOf` add a summary error beside the precise one.
    .filter((error) => error.keyword !== 'if' && error.keyword !== 'oneOf')
    .map(fieldOf);
  const unique = [...new Map(fields.map((field) => [`${field.field}:${field.code}`, field])).values()];
  throw new HttpError(
    400,
    'BAD_REQUEST',
    unique.length > 0 ? unique : [{ field: 'jsonData', code: 'invalid' }],
  );
}
