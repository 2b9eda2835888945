import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { painQuestionnaire } from '../../server/test/fixtures/surveys';
import { answerMap, checkResponse, enabledItems, Questionnaire, questionnaireProblems } from './surveys';

const yes = { linkId: 'pain', answer: [{ valueCoding: { code: 'yes' } }] };
const no = { linkId: 'pain', answer: [{ valueCoding: { code: 'no' } }] };
const shown = (items: { linkId: string; answer: never[] | object[] }[]) =>
  enabledItems(painQuestionnaire, answerMap(items as never)).map((item) => item.linkId);

describe('survey rules', () => {
  it('accepts the fixture as FHIR and as a template', () => {
    expect(v.safeParse(Questionnaire, painQuestionnaire).success).toBe(true);
    expect(questionnaireProblems(painQuestionnaire)).toEqual([]);
  });

  it('shows a conditional question only while its condition holds', () => {
    expect(shown([])).not.toContain('level');
    expect(shown([yes])).toContain('level');
    expect(shown([no])).not.toContain('level');
  });

  it('requires a shown required question only on submission, and drops hidden answers', () => {
    const level = { linkId: 'level', answer: [{ valueInteger: 4 }] };
    const draft = checkResponse(painQuestionnaire, {
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      item: [yes],
    });
    expect(draft.problems).toEqual([]);
    const sent = checkResponse(painQuestionnaire, {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [yes],
    });
    expect(sent.problems).toEqual([{ field: 'item.level', code: 'required' }]);
    const hidden = checkResponse(painQuestionnaire, {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [no, level],
    });
    expect(hidden).toEqual({ problems: [], items: [no] });
  });

  it('refuses conditions on later questions, a choice with one option and a scale without ends', () => {
    const [pain, level] = painQuestionnaire.item;
    if (!pain || !level) throw new Error('fixture');
    const problems = (item: (typeof pain)[]) => questionnaireProblems({ ...painQuestionnaire, item });
    expect(problems([level, pain])).toEqual([{ field: 'item.0', code: 'invalid' }]);
    expect(problems([{ ...pain, answerOption: pain.answerOption?.slice(0, 1) }])).toEqual([
      { field: 'item.0', code: 'required' },
    ]);
    expect(problems([pain, { ...level, extension: level.extension?.slice(1) }])).toEqual([
      { field: 'item.1', code: 'required' },
    ]);
    expect(problems([pain, pain])).toEqual([{ field: 'item.1', code: 'invalid' }]);
  });
});
