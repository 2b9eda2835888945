import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Notifications,
  PatientSurveyDetail,
  PatientSurveyList,
  SurveyCardDetail,
  SurveyTemplateList,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { surveyAssignments, surveyCards } from '../db/schema';
import { json, patientIdOf } from '../test/fixtures/consents';
import { dayFromToday } from '../test/fixtures/guests';
import { painQuestionnaire, response } from '../test/fixtures/surveys';

describe.each(databaseTargets)('surveys on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let templateId: number;
  let surveyId: number;
  let cardId: number;
  const tomorrow = dayFromToday(1);
  const status = async (r: Response): Promise<[number, string | null]> => [
    r.status,
    r.status === 204 ? null : (((await r.json()) as { code?: string }).code ?? 'ok'),
  ];
  const fields = async (r: Response) =>
    ((await r.json()) as { fields?: { field: string; code: string }[] }).fields;
  const count = async (user: string) =>
    v.parse(Notifications, await (await ctx.call('/api/notifications', user)).json()).surveys;
  const mine = async () =>
    v.parse(PatientSurveyList, await (await ctx.call('/api/surveys', 'mario.rossi')).json());
  const draft = (body: unknown, user = 'mario.rossi') =>
    ctx.call(`/api/surveys/${surveyId}/draft`, user, json('PUT', body));
  const submit = (body: unknown, user = 'mario.rossi') =>
    ctx.call(`/api/surveys/${surveyId}/submit`, user, json('POST', body));

  beforeAll(async () => {
    ctx = await createTestContext(location);
    // Counts from a clean slate, without the demo's seeded card.
    await ctx.db.delete(surveyAssignments);
    await ctx.db.delete(surveyCards);
    mario = await patientIdOf(ctx, 'mario.rossi');
  }, 60_000);
  afterAll(() => ctx.close());

  it('lets staff build a template and refuses a malformed one with the field', async () => {
    for (const user of ['mario.rossi', 'ospite', 'admin'])
      expect(
        await status(
          await ctx.call('/api/surveyTemplates', user, json('POST', { questionnaire: painQuestionnaire })),
        ),
      ).toEqual([403, 'ACCESS_DENIED']);
    const created = await ctx.call(
      '/api/surveyTemplates',
      'dott.ferrari',
      json('POST', { questionnaire: painQuestionnaire }),
    );
    expect(created.status).toBe(201);
    templateId = ((await created.json()) as { id: number }).id;
    const list = v.parse(
      SurveyTemplateList,
      await (await ctx.call('/api/surveyTemplates', 'operatore')).json(),
    );
    expect(list.templates.find((t) => t.id === templateId)).toMatchObject({
      questionCount: 6,
      inUse: false,
      version: 1,
      // Listed for the operator: dott.ferrari's, so not his to edit.
      mine: false,
    });
    // A condition on a later question, and a scale without its upper end.
    const [first, second] = painQuestionnaire.item;
    const backwards = { ...painQuestionnaire, item: [second, first] };
    const bad = await ctx.call(
      '/api/surveyTemplates',
      'dott.ferrari',
      json('POST', { questionnaire: backwards }),
    );
    expect(bad.status).toBe(400);
    expect(await fields(bad)).toEqual([{ field: 'questionnaire.item.0', code: 'invalid' }]);
    const noType = await ctx.call(
      '/api/surveyTemplates',
      'dott.ferrari',
      json('POST', {
        questionnaire: { ...painQuestionnaire, item: [{ linkId: 'x', text: 'x', type: 'audio' }] },
      }),
    );
    expect(noType.status).toBe(400);
  });

  it('gives a card to a patient of the care team only, and counts it for him', async () => {
    const card = (body: object, user = 'dott.ferrari') =>
      ctx.call('/api/surveyCards', user, json('POST', { templateId, dueDate: tomorrow, ...body }));
    expect(await status(await card({ patientIds: [999_999] }))).toEqual([404, 'NOT_FOUND']);
    expect(await status(await card({ patientIds: [mario] }, 'mario.rossi'))).toEqual([403, 'ACCESS_DENIED']);
    expect((await card({})).status).toBe(400);
    expect(await status(await card({ patientIds: [mario], dueDate: '2020-01-01' }))).toEqual([
      400,
      'BAD_REQUEST',
    ]);
    const created = await card({ patientIds: [mario, mario] });
    expect(created.status).toBe(201);
    cardId = ((await created.json()) as { id: number }).id;
    expect(await count('mario.rossi')).toBe(1);
    expect(await count('dott.ferrari')).toBe(0);
    const [survey] = (await mine()).surveys;
    expect(survey).toMatchObject({ status: 'TODO', questionCount: 6, dueDate: tomorrow });
    surveyId = survey?.id ?? 0;
    // Nobody else sees it: a 404 says nothing.
    for (const user of ['giulia.bianchi', 'ospite', 'dott.ferrari'])
      expect((await ctx.call(`/api/surveys/${surveyId}`, user)).status).toBe(404);
    expect((await ctx.call(`/api/surveyCards/${cardId}`, 'dott.conti')).status).toBe(404);
  });

  it('keeps a draft, checks answers against the template and its conditions', async () => {
    expect(
      (await draft(response('in-progress', [{ linkId: 'pain', answer: [{ valueCoding: { code: 'yes' } }] }])))
        .status,
    ).toBe(204);
    const detail = v.parse(
      PatientSurveyDetail,
      await (await ctx.call(`/api/surveys/${surveyId}`, 'mario.rossi')).json(),
    );
    expect(detail.survey.status).toBe('DRAFT');
    expect(detail.response?.item).toEqual([{ linkId: 'pain', answer: [{ valueCoding: { code: 'yes' } }] }]);
    // Wrong code, scale out of bounds, two answers to a single choice, a question that does not exist.
    const wrong = await draft(
      response('in-progress', [
        { linkId: 'pain', answer: [{ valueCoding: { code: 'maybe' } }] },
        { linkId: 'level', answer: [{ valueInteger: 11 }] },
        {
          linkId: 'symptoms',
          answer: [{ valueCoding: { code: 'fever' } }, { valueCoding: { code: 'fever' } }],
        },
        { linkId: 'ghost', answer: [{ valueString: 'x' }] },
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(await fields(wrong)).toEqual([
      { field: 'response.item.pain', code: 'unknown' },
      { field: 'response.item.level', code: 'outOfRange' },
      { field: 'response.item.symptoms', code: 'invalid' },
      { field: 'response.item.ghost', code: 'unknown' },
    ]);
    // "Yes" shows the scale, which is required: submitting without it names it.
    const missing = await submit(
      response('completed', [{ linkId: 'pain', answer: [{ valueCoding: { code: 'yes' } }] }]),
    );
    expect(await fields(missing)).toEqual([{ field: 'response.item.level', code: 'required' }]);
  });

  it('takes one submission of many in parallel, drops answers to hidden questions, and summarises', async () => {
    const answers = response('completed', [
      { linkId: 'pain', answer: [{ valueCoding: { code: 'no' } }] },
      // Hidden after "no": dropped, not stored.
      { linkId: 'level', answer: [{ valueInteger: 7 }] },
      { linkId: 'weight', answer: [{ valueDecimal: 72.5 }] },
      {
        linkId: 'symptoms',
        answer: [{ valueCoding: { code: 'fever' } }, { valueCoding: { code: 'tired' } }],
      },
      { linkId: 'note', answer: [{ valueString: 'Meglio di ieri' }] },
    ]);
    const codes = await Promise.all(Array.from({ length: 20 }, () => submit(answers).then(status)));
    expect(codes.filter(([s]) => s === 204)).toHaveLength(1);
    expect(codes.filter(([s, c]) => s === 409 && c === 'SURVEY_CLOSED')).toHaveLength(19);
    expect(await count('mario.rossi')).toBe(0);
    expect(await status(await draft(response('in-progress', [])))).toEqual([409, 'SURVEY_CLOSED']);
    const detail = v.parse(
      SurveyCardDetail,
      await (await ctx.call(`/api/surveyCards/${cardId}`, 'dott.ferrari')).json(),
    );
    expect(detail.card).toMatchObject({ assigned: 1, submitted: 1, refused: 0 });
    expect(detail.responses[0]?.items.map((i) => i.linkId)).toEqual(['pain', 'weight', 'symptoms', 'note']);
    const byId = new Map(detail.summary.map((s) => [s.linkId, s]));
    expect(byId.get('pain')?.choices).toEqual([
      { code: 'yes', display: 'Sì', count: 0 },
      { code: 'no', display: 'No', count: 1 },
    ]);
    expect(byId.get('level')?.answered).toBe(0);
    expect(byId.get('weight')?.numbers).toEqual({ mean: 72.5, min: 72.5, max: 72.5 });
    expect(byId.get('note')?.texts).toEqual(['Meglio di ieri']);
    // The template is now in use: an edit is a new version, the card keeps the old one.
    const edited = await ctx.call(
      `/api/surveyTemplates/${templateId}`,
      'dott.ferrari',
      json('PUT', { questionnaire: { ...painQuestionnaire, title: 'Dolore v2' } }),
    );
    const { id: next } = (await edited.json()) as { id: number };
    expect(next).not.toBe(templateId);
    const list = v.parse(
      SurveyTemplateList,
      await (await ctx.call('/api/surveyTemplates', 'dott.ferrari')).json(),
    );
    expect(list.templates.find((t) => t.id === next)).toMatchObject({
      version: 2,
      title: 'Dolore v2',
      mine: true,
    });
    expect(list.templates.find((t) => t.id === templateId)).toBeUndefined();
  });

  it('refuses with a mandatory reason, once', async () => {
    const created = await ctx.call(
      '/api/surveyCards',
      'dott.ferrari',
      json('POST', { templateId: (await latest()).id, dueDate: tomorrow, patientIds: [mario] }),
    );
    expect(created.status).toBe(201);
    const open = (await mine()).surveys.find((s) => s.status === 'TODO');
    surveyId = open?.id ?? 0;
    const refuse = (body: unknown) =>
      ctx.call(`/api/surveys/${surveyId}/refuse`, 'mario.rossi', json('POST', body));
    const empty = await refuse({ reason: '   ' });
    expect(empty.status).toBe(400);
    expect(await fields(empty)).toEqual([{ field: 'reason', code: 'required' }]);
    expect((await refuse({ reason: 'x'.repeat(501) })).status).toBe(400);
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => refuse({ reason: 'Non ho tempo' }).then(status)),
    );
    expect(codes.filter(([s]) => s === 204)).toHaveLength(1);
    expect(codes.filter(([s, c]) => s === 409 && c === 'SURVEY_CLOSED')).toHaveLength(19);
    const detail = v.parse(
      PatientSurveyDetail,
      await (await ctx.call(`/api/surveys/${surveyId}`, 'mario.rossi')).json(),
    );
    expect(detail).toMatchObject({ refusalReason: 'Non ho tempo', survey: { status: 'REFUSED' } });
    // A cancelled card disappears from the patient's list.
    const cards = (await (await ctx.call('/api/surveyCards', 'dott.ferrari')).json()) as {
      cards: { id: number }[];
    };
    expect(
      (await ctx.call(`/api/surveyCards/${cards.cards[0]?.id}/cancel`, 'dott.ferrari', { method: 'PUT' }))
        .status,
    ).toBe(204);
    expect((await mine()).surveys.some((s) => s.id === surveyId)).toBe(false);
  });

  it('holds the hourly card limit and one new version per edit under parallel requests', async () => {
    const template = await latest();
    const before = (
      (await (await ctx.call('/api/surveyCards', 'dott.ferrari')).json()) as { cards: unknown[] }
    ).cards.length;
    const body = { templateId: template.id, dueDate: tomorrow, patientIds: [mario] };
    const codes = await Promise.all(
      Array.from({ length: 35 }, () =>
        ctx.call('/api/surveyCards', 'dott.ferrari', json('POST', body)).then(status),
      ),
    );
    expect(codes.filter(([s]) => s === 201)).toHaveLength(30 - before);
    expect(codes.filter(([s, c]) => s === 429 && c === 'RATE_LIMITED')).toHaveLength(5 + before);
    // The template is in use: of 20 parallel edits one makes the next version, the others find it retired.
    const edit = { questionnaire: { ...painQuestionnaire, title: 'Dolore v3' } };
    const edits = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.call(`/api/surveyTemplates/${template.id}`, 'dott.ferrari', json('PUT', edit)).then(status),
      ),
    );
    expect(edits.filter(([s]) => s === 200)).toHaveLength(1);
    expect(edits.filter(([s, c]) => s === 409 && c === 'SURVEY_CLOSED')).toHaveLength(19);
    expect((await latest()).version).toBe(template.version + 1);
    expect(
      await status(await ctx.call(`/api/surveyTemplates/${template.id}`, 'dott.conti', json('PUT', edit))),
    ).toEqual([403, 'ACCESS_DENIED']);
  });

  async function latest() {
    const list = v.parse(
      SurveyTemplateList,
      await (await ctx.call('/api/surveyTemplates', 'dott.ferrari')).json(),
    );
    const [first] = list.templates;
    if (!first) throw new Error('no template');
    return first;
  }
});
