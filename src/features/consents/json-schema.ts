/**
 * The subset of JSON Schema the consent models use (draft 2020-12): an object of booleans (optionally
 * `const: true`, a box that must be ticked), strings (free text with maxLength/pattern, `format: date`,
 * or a choice by `oneOf` of `{const, title}` or `enum`), `required`, and one `if`/`then` that makes fields
 * required when another field has a given value. Titles may be text or `{it, en}`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type Localised = string | Readonly<Record<string, string>>;

export interface ChoiceOption {
  value: string;
  title: Localised;
}

export type FormField =
  | {
      kind: 'boolean';
      name: string;
      title: Localised;
      description?: Localised;
      mustBeTrue: boolean;
      default?: boolean;
    }
  | { kind: 'choice'; name: string; title: Localised; description?: Localised; options: ChoiceOption[] }
  | {
      kind: 'text';
      name: string;
      title: Localised;
      description?: Localised;
      format: 'date' | 'text';
      maxLength?: number;
      pattern?: string;
    };

export interface ParsedForm {
  title: Localised | null;
  fields: FormField[];
  required: ReadonlySet<string>;
  conditions: { field: string; equals: unknown; required: string[] }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isLocalised = (value: unknown): value is Localised =>
  typeof value === 'string' ||
  (isObject(value) && Object.values(value).every((text) => typeof text === 'string'));
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];

export function localise(text: Localised | undefined | null, locale: string): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return text;
  return text[locale] ?? text.it ?? Object.values(text)[0] ?? '';
}

function parseField(name: string, schema: Json): FormField | null {
  const title = isLocalised(schema.title) ? schema.title : name;
  const description = isLocalised(schema.description) ? schema.description : undefined;
  if (schema.type === 'boolean') {
    const base = { kind: 'boolean' as const, name, title, description, mustBeTrue: schema.const === true };
    return typeof schema.default === 'boolean' ? { ...base, default: schema.default } : base;
  }
  if (schema.type !== 'string') return null;
  if (Array.isArray(schema.oneOf)) {
    const options = schema.oneOf
      .filter(isObject)
      .flatMap((option): ChoiceOption[] =>
        typeof option.const === 'string'
          ? [{ value: option.const, title: isLocalised(option.title) ? option.title : option.const }]
          : [],
      );
    return { kind: 'choice', name, title, description, options };
  }
  if (Array.isArray(schema.enum)) {
    const options = strings(schema.enum).map((value) => ({ value, title: value }));
    return { kind: 'choice', name, title, description, options };
  }
  return {
    kind: 'text',
    name,
    title,
    description,
    format: schema.format === 'date' ? 'date' : 'text',
    maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined,
    pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
  };
}

/** Parses a model's schema (text, as `GET /models` sends it, or already an object); throws when unusable. */
export function parseFormSchema(source: string | Json): ParsedForm {
  const schema: unknown = typeof source === 'string' ? JSON.parse(source) : source;
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties))
    throw new Error('Unsupported model schema');
  const fields = Object.entries(schema.properties).flatMap(([name, field]) => {
    const parsed = isObject(field) ? parseField(name, field) : null;
    return parsed ? [parsed] : [];
  });
  const conditions: ParsedForm['conditions'] = [];
  const condition = isObject(schema.if) && isObject(schema.if.properties) ? schema.if.properties : null;
  if (condition && isObject(schema.then)) {
    for (const [field, rule] of Object.entries(condition))
      if (isObject(rule) && 'const' in rule)
        conditions.push({ field, equals: rule.const, required: strings(schema.then.required) });
  }
  const title = isLocalised(schema.title) ? schema.title : null;
  return { title, fields, required: new Set(strings(schema.required)), conditions };
}

/** The initial answers: the schema's defaults (a boolean without one starts false). */
export function initialAnswers(form: ParsedForm): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of form.fields) if (field.kind === 'boolean') answers[field.name] = field.default ?? false;
  return answers;
}

/** Whether a field is required now (listed in `required`, or by a condition that holds). */
export function isRequired(form: ParsedForm, name: string, answers: Record<string, unknown>): boolean {
  if (form.required.has(name)) return true;
  return form.conditions.some((rule) => answers[rule.field] === rule.equals && rule.required.includes(name));
}

export const REQUIRED_FIELD = msg`Campo obbligatorio`;
const INVALID_VALUE = msg`Valore non valido`;

export function validateAnswers(
  form: ParsedForm,
  answers: Record<string, unknown>,
): Record<string, MessageDescriptor> {
  const errors: Record<string, MessageDescriptor> = {};
  for (const field of form.fields) {
    const value = answers[field.name];
    const required = isRequired(form, field.name, answers);
    if (field.kind === 'boolean') {
      if (field.mustBeTrue && value !== true) errors[field.name] = REQUIRED_FIELD;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (required) errors[field.name] = REQUIRED_FIELD;
      continue;
    }
    if (field.kind === 'choice' && !field.options.some((option) => option.value === text))
      errors[field.name] = INVALID_VALUE;
    if (field.kind === 'text') {
      if (field.maxLength !== undefined && text.length > field.maxLength) errors[field.name] = INVALID_VALUE;
      if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(text))
        errors[field.name] = INVALID_VALUE;
      if (field.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) errors[field.name] = INVALID_VALUE;
    }
  }
  return errors;
}

/** The answers to send: empty texts dropped, so an optional field left blank is absent. */
export function cleanAnswers(form: ParsedForm, answers: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const field of form.fields) {
    const value = answers[field.name];
    if (typeof value === 'string') {
      if (value.trim() !== '') clean[field.name] = value.trim();
    } else if (typeof value === 'boolean') clean[field.name] = value;
  }
  return clean;
}
