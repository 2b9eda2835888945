import * as v from 'valibot';
import { EntityId, IsoDate, IsoTimestamp } from './common';
import { Questionnaire, QuestionnaireResponse, ResponseItem, SurveyItemType } from './surveys-questionnaire';

export * from './surveys-questionnaire';
export * from './surveys-rules';
export * from './surveys-template-rules';

/** The longest refusal reason, in characters (as a conference's). */
export const SURVEY_REASON_MAX = 500;
/** Patients named on one card; a larger group is a project. */
export const SURVEY_CARD_PATIENTS_MAX = 50;

/** A template as the lists show it. `version` grows when a template already used is edited. */
export const SurveyTemplateSummary = v.object({
  id: EntityId,
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  questionCount: v.number(),
  createdBy: v.string(),
  createdAt: IsoTimestamp,
  /** A card uses it: editing makes a new version, this one stays as the cards' answers need it. */
  inUse: v.boolean(),
  /** The caller wrote it: only the author edits or retires a template. */
  mine: v.boolean(),
});
export type SurveyTemplateSummary = v.InferOutput<typeof SurveyTemplateSummary>;

export const SurveyTemplateList = v.object({ templates: v.array(SurveyTemplateSummary) });
export type SurveyTemplateList = v.InferOutput<typeof SurveyTemplateList>;

export const SurveyTemplate = v.object({ ...SurveyTemplateSummary.entries, questionnaire: Questionnaire });
export type SurveyTemplate = v.InferOutput<typeof SurveyTemplate>;

/** `POST /surveyTemplates`, `PUT /surveyTemplates/{id}`. */
export const SaveSurveyTemplateBody = v.object({ questionnaire: Questionnaire });
export type SaveSurveyTemplateBody = v.InferOutput<typeof SaveSurveyTemplateBody>;

/** `POST /surveyCards`: a template for some patients or for a project's participants, due on a date. */
export const CreateSurveyCardBody = v.pipe(
  v.object({
    templateId: EntityId,
    patientIds: v.optional(v.pipe(v.array(EntityId), v.maxLength(SURVEY_CARD_PATIENTS_MAX, 'tooLong'))),
    projectId: v.optional(EntityId),
    dueDate: IsoDate,
  }),
  v.forward(
    v.check((body) => (body.patientIds?.length ?? 0) > 0 !== (body.projectId !== undefined), 'required'),
    ['patientIds'],
  ),
);
export type CreateSurveyCardBody = v.InferOutput<typeof CreateSurveyCardBody>;

/** A patient's card: to do, started (draft kept on the server), submitted, refused, or past its date. */
export const SurveyStatus = v.picklist(['TODO', 'DRAFT', 'SUBMITTED', 'REFUSED', 'EXPIRED']);
export type SurveyStatus = v.InferOutput<typeof SurveyStatus>;

export const SurveyCard = v.object({
  id: EntityId,
  templateId: EntityId,
  title: v.string(),
  project: v.nullable(v.object({ id: EntityId, name: v.string() })),
  dueDate: IsoDate,
  createdBy: v.string(),
  createdAt: IsoTimestamp,
  cancelledAt: v.nullable(IsoTimestamp),
  assigned: v.number(),
  submitted: v.number(),
  refused: v.number(),
});
export type SurveyCard = v.InferOutput<typeof SurveyCard>;

export const SurveyCardList = v.object({ cards: v.array(SurveyCard) });
export type SurveyCardList = v.InferOutput<typeof SurveyCardList>;

/** One patient's answers on a card (staff view). */
export const SurveyCardResponse = v.object({
  id: EntityId,
  patient: v.object({ id: EntityId, displayName: v.string() }),
  status: SurveyStatus,
  submittedAt: v.nullable(IsoTimestamp),
  refusalReason: v.nullable(v.string()),
  items: v.array(ResponseItem),
});
export type SurveyCardResponse = v.InferOutput<typeof SurveyCardResponse>;

/** Per question, over the submitted answers: counts per option, number statistics, or the texts. */
export const QuestionSummary = v.object({
  linkId: v.string(),
  text: v.string(),
  type: SurveyItemType,
  answered: v.number(),
  choices: v.optional(v.array(v.object({ code: v.string(), display: v.string(), count: v.number() }))),
  numbers: v.optional(v.object({ mean: v.number(), min: v.number(), max: v.number() })),
  texts: v.optional(v.array(v.string())),
});
export type QuestionSummary = v.InferOutput<typeof QuestionSummary>;

/** `GET /surveyCards/{id}`. */
export const SurveyCardDetail = v.object({
  card: SurveyCard,
  questionnaire: Questionnaire,
  responses: v.array(SurveyCardResponse),
  summary: v.array(QuestionSummary),
});
export type SurveyCardDetail = v.InferOutput<typeof SurveyCardDetail>;

/** A card as its patient sees it (`GET /surveys`). */
export const PatientSurvey = v.object({
  id: EntityId,
  title: v.string(),
  dueDate: IsoDate,
  status: SurveyStatus,
  questionCount: v.number(),
  updatedAt: v.nullable(IsoTimestamp),
});
export type PatientSurvey = v.InferOutput<typeof PatientSurvey>;

export const PatientSurveyList = v.object({ surveys: v.array(PatientSurvey) });
export type PatientSurveyList = v.InferOutput<typeof PatientSurveyList>;

/** `GET /surveys/{id}`: the template and the draft or the submitted answers. */
export const PatientSurveyDetail = v.object({
  survey: PatientSurvey,
  questionnaire: Questionnaire,
  response: v.nullable(QuestionnaireResponse),
  refusalReason: v.nullable(v.string()),
});
export type PatientSurveyDetail = v.InferOutput<typeof PatientSurveyDetail>;

/** `PUT /surveys/{id}/draft` (status in-progress) and `POST /surveys/{id}/submit` (completed). */
export const SurveyResponseBody = v.object({ response: QuestionnaireResponse });
export type SurveyResponseBody = v.InferOutput<typeof SurveyResponseBody>;

/** `POST /surveys/{id}/refuse`: the reason is mandatory ('Il motivo del rifiuto è obbligatorio'). */
export const RefuseSurveyBody = v.object({
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(SURVEY_REASON_MAX, 'tooLong')),
});
export type RefuseSurveyBody = v.InferOutput<typeof RefuseSurveyBody>;
