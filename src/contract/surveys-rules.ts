import type { FieldError } from './common';
import {
  type AnswerValue,
  type EnableWhen,
  FHIR_ITEM_CONTROL,
  FHIR_MAX_VALUE,
  FHIR_MIN_VALUE,
  FHIR_UNIT,
  type Questionnaire,
  type QuestionnaireItem,
  type QuestionnaireResponse,
  type ResponseItem,
} from './surveys-questionnaire';

/**
 * The rules both sides apply to a template and its answers: the portal shows and hides questions with
 * `enabledItems`, the server re-checks every draft and submission with `checkResponse`. Pure functions.
 */

/** The widest scale a template may have (a slider of more steps is not usable on a phone). */
export const SCALE_STEPS_MAX = 100;

export interface ItemBounds {
  min: number | null;
  max: number | null;
  unit: string | null;
  slider: boolean;
}

export function itemBounds(item: QuestionnaireItem): ItemBounds {
  const bounds: ItemBounds = { min: null, max: null, unit: null, slider: false };
  for (const ext of item.extension ?? []) {
    if (ext.url === FHIR_MIN_VALUE) bounds.min = ext.valueInteger;
    else if (ext.url === FHIR_MAX_VALUE) bounds.max = ext.valueInteger;
    else if (ext.url === FHIR_UNIT) bounds.unit = ext.valueCoding.display ?? ext.valueCoding.code;
    else if (ext.url === FHIR_ITEM_CONTROL) bounds.slider = true;
  }
  return bounds;
}

/** The comparable value of an answer or of a condition's `answer[x]`. */
function comparable(value: AnswerValue | EnableWhen): string | number | null {
  if ('valueCoding' in value) return value.valueCoding.code;
  if ('answerCoding' in value) return value.answerCoding.code;
  if ('valueInteger' in value) return value.valueInteger;
  if ('answerInteger' in value) return value.answerInteger;
  if ('valueDecimal' in value) return value.valueDecimal;
  if ('answerDecimal' in value) return value.answerDecimal;
  if ('valueDate' in value) return value.valueDate;
  if ('answerDate' in value) return value.answerDate;
  if ('valueString' in value) return value.valueString;
  return null;
}

function compare(
  answer: string | number,
  operator: EnableWhen['operator'],
  expected: string | number,
): boolean {
  switch (operator) {
    case '=':
      return answer === expected;
    case '!=':
      return answer !== expected;
    case '>':
      return answer > expected;
    case '<':
      return answer < expected;
    case '>=':
      return answer >= expected;
    case '<=':
      return answer <= expected;
    case 'exists':
      return true;
  }
}

/** FHIR semantics: `exists` compares presence; any other operator is false without an answer. */
function conditionHolds(condition: EnableWhen, answers: readonly AnswerValue[]): boolean {
  if ('answerBoolean' in condition) return answers.length > 0 === condition.answerBoolean;
  const expected = comparable(condition);
  if (expected === null || answers.length === 0) return false;
  const values = answers.map(comparable).filter((value) => value !== null);
  // '!=' holds when no answer equals the value (a multiple choice with the value ticked is "equal").
  if (condition.operator === '!=') return values.every((value) => value !== expected);
  return values.some((value) => compare(value, condition.operator, expected));
}

/**
 * The items shown for these answers, in order. Conditions name only earlier items, so one pass decides;
 * a hidden item's answers count as absent for the items after it.
 */
export function enabledItems(
  questionnaire: Questionnaire,
  answers: ReadonlyMap<string, readonly AnswerValue[]>,
): QuestionnaireItem[] {
  const shown = new Set<string>();
  const result: QuestionnaireItem[] = [];
  for (const item of questionnaire.item) {
    const conditions = item.enableWhen ?? [];
    const results = conditions.map((condition) =>
      conditionHolds(condition, shown.has(condition.question) ? (answers.get(condition.question) ?? []) : []),
    );
    const enabled =
      conditions.length === 0 ||
      (item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean));
    if (enabled) {
      shown.add(item.linkId);
      result.push(item);
    }
  }
  return result;
}

export function answerMap(items: readonly ResponseItem[]): Map<string, AnswerValue[]> {
  return new Map(items.filter((item) => item.answer.length > 0).map((item) => [item.linkId, item.answer]));
}

/** Why one answer does not fit its item, or null. */
function answerProblem(item: QuestionnaireItem, answer: AnswerValue): FieldError['code'] | null {
  const bounds = itemBounds(item);
  switch (item.type) {
    case 'choice':
      if (!('valueCoding' in answer)) return 'invalid';
      return item.answerOption?.some((o) => o.valueCoding.code === answer.valueCoding.code)
        ? null
        : 'unknown';
    case 'integer':
    case 'decimal': {
      const value =
        item.type === 'integer'
          ? 'valueInteger' in answer
            ? answer.valueInteger
            : null
          : comparable(answer);
      if (typeof value !== 'number' || 'valueCoding' in answer) return 'invalid';
      if ((bounds.min !== null && value < bounds.min) || (bounds.max !== null && value > bounds.max))
        return 'outOfRange';
      return null;
    }
    case 'date':
      return 'valueDate' in answer ? null : 'invalid';
    case 'string':
    case 'text':
      return 'valueString' in answer ? null : 'invalid';
  }
}

export interface CheckedResponse {
  problems: FieldError[];
  /** The answers of the items shown, in the template's order; answers to hidden items are dropped. */
  items: ResponseItem[];
}

/**
 * Checks a draft (`in-progress`: types, codes and bounds) or a submission (`completed`: also every shown
 * required item answered) against the template. Fields are named `item.<linkId>`.
 */
export function checkResponse(
  questionnaire: Questionnaire,
  response: QuestionnaireResponse,
): CheckedResponse {
  const problems: FieldError[] = [];
  const known = new Map(questionnaire.item.map((item) => [item.linkId, item]));
  const seen = new Set<string>();
  for (const entry of response.item) {
    const field = `item.${entry.linkId}`;
    const item = known.get(entry.linkId);
    if (!item) problems.push({ field, code: 'unknown' });
    else if (seen.has(entry.linkId)) problems.push({ field, code: 'invalid' });
    else if (entry.answer.length > 1 && !(item.type === 'choice' && item.repeats))
      problems.push({ field, code: 'invalid' });
    else {
      const codes = entry.answer.map(comparable);
      if (new Set(codes).size !== codes.length) problems.push({ field, code: 'invalid' });
      const problem = entry.answer.map((answer) => answerProblem(item, answer)).find((p) => p !== null);
      if (problem) problems.push({ field, code: problem });
    }
    seen.add(entry.linkId);
  }
  if (problems.length > 0) return { problems, items: [] };
  const answers = answerMap(response.item);
  const shown = enabledItems(questionnaire, answers);
  const items: ResponseItem[] = [];
  for (const item of shown) {
    const answer = answers.get(item.linkId);
    if (answer) items.push({ linkId: item.linkId, answer });
    else if (response.status === 'completed' && item.required)
      problems.push({ field: `item.${item.linkId}`, code: 'required' });
  }
  return { problems, items };
}
