import type { Questionnaire } from '../../../src/contract';

const option = (code: string, display: string) => ({ valueCoding: { code, display } });

/** The demo's survey: how the patient feels after the visit (a scale shown only if something hurts). */
export const demoQuestionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Come sta dopo la visita',
  description: 'Poche domande per sapere come sta. Servono due minuti.',
  item: [
    {
      linkId: 'feeling',
      text: 'Come si sente oggi?',
      type: 'choice',
      required: true,
      repeats: false,
      answerOption: [option('good', 'Bene'), option('fair', 'Così così'), option('bad', 'Male')],
    },
    {
      linkId: 'pain',
      text: 'Quanto dolore sente, da 0 (nessuno) a 10 (il peggiore)?',
      type: 'integer',
      required: true,
      repeats: false,
      enableWhen: [{ question: 'feeling', operator: '!=', answerCoding: { code: 'good' } }],
      extension: [
        { url: 'http://hl7.org/fhir/StructureDefinition/minValue', valueInteger: 0 },
        { url: 'http://hl7.org/fhir/StructureDefinition/maxValue', valueInteger: 10 },
        {
          url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
          valueCodeableConcept: {
            coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code: 'slider' }],
          },
        },
      ],
    },
    { linkId: 'notes', text: 'Vuole dirci altro?', type: 'text', required: false, repeats: false },
  ],
};
