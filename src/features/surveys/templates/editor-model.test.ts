import { describe, expect, it } from 'vitest';
import { demoQuestionnaire } from '../../../../server/db/seed/surveys.data';
import { questionnaireProblems } from '../../../contract/surveys';
import { type EditorTemplate, fromQuestionnaire, newQuestion, toQuestionnaire } from './editor-model';

describe('the template editor model', () => {
  it('reads the demo template and writes it back as the same FHIR Questionnaire', () => {
    const editor = fromQuestionnaire(demoQuestionnaire);
    expect(editor.questions.map((q) => q.kind)).toEqual(['single', 'scale', 'text']);
    expect(editor.questions[1]?.condition).toEqual({ question: 'feeling', operator: '!=', value: 'good' });
    expect(toQuestionnaire(editor)).toEqual(demoQuestionnaire);
  });

  it('builds a valid template from what a physician types, with a condition on the first answer', () => {
    const first = {
      ...newQuestion([]),
      text: 'Hai febbre?',
      options: [
        { code: 'o1', display: 'Sì' },
        { code: 'o2', display: 'No' },
      ],
    };
    const second = {
      ...newQuestion([first]),
      kind: 'number' as const,
      text: 'Quanto?',
      unit: '°C',
      condition: { question: 'q1', operator: '=' as const, value: 'o1' },
    };
    const template: EditorTemplate = { title: 'Febbre', description: '', questions: [first, second] };
    const questionnaire = toQuestionnaire(template);
    expect(questionnaireProblems(questionnaire)).toEqual([]);
    expect(questionnaire.item[1]).toMatchObject({
      linkId: 'q2',
      type: 'decimal',
      enableWhen: [{ question: 'q1', operator: '=', answerCoding: { code: 'o1' } }],
    });
  });
});
