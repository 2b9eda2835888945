/**
 * The template editor's own shape, closer to what a physician thinks ("a scale from 0 to 10, shown if
 * question 1 is Yes"), and its translation to and from the FHIR Questionnaire the server stores.
 */
import {
  type EnableWhen,
  FHIR_ITEM_CONTROL,
  FHIR_ITEM_CONTROL_SYSTEM,
  FHIR_MAX_VALUE,
  FHIR_MIN_VALUE,
  FHIR_UNIT,
  itemBounds,
  type Questionnaire,
  type QuestionnaireItem,
  type SurveyExtension,
  UCUM,
} from '../../../contract/surveys';

export type QuestionKind = 'single' | 'multiple' | 'scale' | 'number' | 'date' | 'text';
export type ConditionOperator = '=' | '!=' | '>' | '<' | '>=' | '<=';

export interface EditorCondition {
  question: string;
  operator: ConditionOperator;
  /** An option code (choice questions), a number or an ISO date as typed. */
  value: string;
}

export interface EditorQuestion {
  linkId: string;
  kind: QuestionKind;
  text: string;
  required: boolean;
  options: { code: string; display: string }[];
  min: string;
  max: string;
  unit: string;
  condition: EditorCondition | null;
}

export interface EditorTemplate {
  title: string;
  description: string;
  questions: EditorQuestion[];
}

const nextNumber = (codes: readonly string[], prefix: string): number =>
  Math.max(0, ...codes.map((code) => Number(code.slice(prefix.length)) || 0)) + 1;

export function newQuestion(existing: readonly EditorQuestion[]): EditorQuestion {
  return {
    linkId: `q${nextNumber(
      existing.map((q) => q.linkId),
      'q',
    )}`,
    kind: 'single',
    text: '',
    required: true,
    options: [
      { code: 'o1', display: '' },
      { code: 'o2', display: '' },
    ],
    min: '0',
    max: '10',
    unit: '',
    condition: null,
  };
}

export function newOption(options: readonly { code: string }[]): { code: string; display: string } {
  return {
    code: `o${nextNumber(
      options.map((o) => o.code),
      'o',
    )}`,
    display: '',
  };
}

export const isChoice = (kind: QuestionKind): boolean => kind === 'single' || kind === 'multiple';

function conditionOf(question: EditorQuestion, target: EditorQuestion | undefined): EnableWhen | null {
  const condition = question.condition;
  if (!condition || !target) return null;
  const base = { question: condition.question, operator: condition.operator };
  if (isChoice(target.kind)) return { ...base, answerCoding: { code: condition.value } };
  if (target.kind === 'date') return { ...base, answerDate: condition.value };
  const value = Number(condition.value.replace(',', '.'));
  return target.kind === 'scale'
    ? { ...base, answerInteger: Math.round(value) }
    : { ...base, answerDecimal: value };
}

function extensionsOf(question: EditorQuestion): SurveyExtension[] {
  if (question.kind === 'scale')
    return [
      { url: FHIR_MIN_VALUE, valueInteger: Math.round(Number(question.min)) },
      { url: FHIR_MAX_VALUE, valueInteger: Math.round(Number(question.max)) },
      {
        url: FHIR_ITEM_CONTROL,
        valueCodeableConcept: { coding: [{ system: FHIR_ITEM_CONTROL_SYSTEM, code: 'slider' }] },
      },
    ];
  if (question.kind === 'number' && question.unit.trim())
    return [
      {
        url: FHIR_UNIT,
        valueCoding: { system: UCUM, code: question.unit.trim(), display: question.unit.trim() },
      },
    ];
  return [];
}

const TYPE: Readonly<Record<QuestionKind, QuestionnaireItem['type']>> = {
  single: 'choice',
  multiple: 'choice',
  scale: 'integer',
  number: 'decimal',
  date: 'date',
  text: 'text',
};

export function toQuestionnaire(template: EditorTemplate): Questionnaire {
  const byId = new Map(template.questions.map((q) => [q.linkId, q]));
  return {
    resourceType: 'Questionnaire',
    status: 'active',
    title: template.title.trim(),
    description: template.description.trim() || undefined,
    item: template.questions.map((question) => {
      const condition = conditionOf(question, byId.get(question.condition?.question ?? ''));
      const extension = extensionsOf(question);
      return {
        linkId: question.linkId,
        text: question.text.trim(),
        type: TYPE[question.kind],
        required: question.required,
        repeats: question.kind === 'multiple',
        ...(isChoice(question.kind)
          ? {
              answerOption: question.options.map((o) => ({
                valueCoding: { code: o.code, display: o.display.trim() },
              })),
            }
          : {}),
        ...(condition ? { enableWhen: [condition] } : {}),
        ...(extension.length ? { extension } : {}),
      };
    }),
  };
}

function kindOf(item: QuestionnaireItem): QuestionKind {
  switch (item.type) {
    case 'choice':
      return item.repeats ? 'multiple' : 'single';
    case 'integer':
      return itemBounds(item).slider ? 'scale' : 'number';
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'string':
    case 'text':
      return 'text';
  }
}

function editorCondition(item: QuestionnaireItem): EditorCondition | null {
  const [first] = item.enableWhen ?? [];
  if (!first || 'answerBoolean' in first) return null;
  const value =
    'answerCoding' in first
      ? first.answerCoding.code
      : 'answerInteger' in first
        ? String(first.answerInteger)
        : 'answerDecimal' in first
          ? String(first.answerDecimal)
          : first.answerDate;
  return { question: first.question, operator: first.operator === 'exists' ? '=' : first.operator, value };
}

/** Only the first condition is editable here; a template with more is still stored whole by the server. */
export function fromQuestionnaire(questionnaire: Questionnaire): EditorTemplate {
  return {
    title: questionnaire.title,
    description: questionnaire.description ?? '',
    questions: questionnaire.item.map((item) => {
      const bounds = itemBounds(item);
      return {
        linkId: item.linkId,
        kind: kindOf(item),
        text: item.text,
        required: item.required,
        options: (item.answerOption ?? []).map((o) => ({
          code: o.valueCoding.code,
          display: o.valueCoding.display ?? '',
        })),
        min: String(bounds.min ?? 0),
        max: String(bounds.max ?? 10),
        unit: bounds.unit ?? '',
        condition: editorCondition(item),
      };
    }),
  };
}
