import type { FieldError } from './common';
import type { EnableWhen, Questionnaire, QuestionnaireItem } from './surveys-questionnaire';
import { itemBounds, SCALE_STEPS_MAX } from './surveys-rules';

/** Which `answer[x]` a condition on an item of this type must carry, and which operators make sense. */
function conditionFits(target: QuestionnaireItem, condition: EnableWhen): boolean {
  if ('answerBoolean' in condition) return true;
  const ordered = condition.operator !== '=' && condition.operator !== '!=';
  switch (target.type) {
    case 'choice':
      return (
        'answerCoding' in condition &&
        !ordered &&
        (target.answerOption ?? []).some((o) => o.valueCoding.code === condition.answerCoding.code)
      );
    case 'integer':
      return 'answerInteger' in condition;
    case 'decimal':
      return 'answerDecimal' in condition || 'answerInteger' in condition;
    case 'date':
      return 'answerDate' in condition;
    case 'string':
    case 'text':
      return false;
  }
}

function itemProblems(
  item: QuestionnaireItem,
  earlier: ReadonlyMap<string, QuestionnaireItem>,
): FieldError['code'] | null {
  const bounds = itemBounds(item);
  const options = item.answerOption ?? [];
  if (item.type === 'choice') {
    const codes = new Set(options.map((o) => o.valueCoding.code));
    if (options.length < 2) return 'required';
    if (codes.size !== options.length || options.some((o) => !o.valueCoding.display)) return 'invalid';
  } else if (options.length > 0 || item.repeats) return 'invalid';
  if (bounds.unit !== null && item.type !== 'integer' && item.type !== 'decimal') return 'invalid';
  if ((bounds.min !== null || bounds.max !== null) && item.type !== 'integer' && item.type !== 'decimal')
    return 'invalid';
  if (bounds.slider) {
    // A scale is an integer with both ends: the slider needs them.
    if (item.type !== 'integer' || bounds.min === null || bounds.max === null) return 'required';
    if (bounds.max - bounds.min > SCALE_STEPS_MAX) return 'outOfRange';
  }
  if (bounds.min !== null && bounds.max !== null && bounds.min >= bounds.max) return 'invalidPeriod';
  const conditions = item.enableWhen ?? [];
  if (conditions.length > 1 && !item.enableBehavior) return 'required';
  for (const condition of conditions) {
    // Only earlier items: no cycles, and the patient meets the question before the one it governs.
    const target = earlier.get(condition.question);
    if (!target || !conditionFits(target, condition)) return 'invalid';
  }
  return null;
}

/**
 * What the schema alone cannot say about a template: unique linkIds, options of choice items (at least
 * two, unique codes, a text each), bounds and units on numbers only, a scale with both ends and at most
 * SCALE_STEPS_MAX steps, conditions on an earlier item with a value of its type. Fields `item.<index>`.
 */
export function questionnaireProblems(questionnaire: Questionnaire): FieldError[] {
  const problems: FieldError[] = [];
  const earlier = new Map<string, QuestionnaireItem>();
  questionnaire.item.forEach((item, index) => {
    const field = `item.${index}`;
    if (earlier.has(item.linkId)) problems.push({ field, code: 'invalid' });
    else {
      const problem = itemProblems(item, earlier);
      if (problem) problems.push({ field, code: problem });
    }
    earlier.set(item.linkId, item);
  });
  return problems;
}
