import * as v from 'valibot';
import { EntityId, EntityIdText, IsoDate, IsoTimestamp, Paging, PagingQuery } from './common';
import { MAX_REMINDER_DAYS, MAX_REMINDER_OFFSETS } from './notify';
import { Participation } from './projects';

/** Spec 3 "Care plan (PAI)" and 4 "PAI activity: to do, then done (with deliveryDate)". */
export const PaiStatus = v.picklist(['ACTIVE', 'REPLACED', 'CLOSED']);
export type PaiStatus = v.InferOutput<typeof PaiStatus>;

export const PaiActivityStatus = v.picklist(['TODO', 'DONE']);
export type PaiActivityStatus = v.InferOutput<typeof PaiActivityStatus>;

/** `GET /pais/paiTypes/{id}`; also the `paiType` a plan is enriched with. */
export const PaiType = v.object({
  id: EntityId,
  code: v.string(),
  name: v.string(),
  description: v.string(),
  /** The folders a plan of this type starts with. */
  folderNames: v.array(v.string()),
});
export type PaiType = v.InferOutput<typeof PaiType>;

export const PaiTypeList = v.object({ paiTypes: v.array(PaiType) });
export type PaiTypeList = v.InferOutput<typeof PaiTypeList>;

export const ReminderDays = v.pipe(
  v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_REMINDER_DAYS))),
  v.maxLength(MAX_REMINDER_OFFSETS),
);

export const PaiActivity = v.object({
  activityId: EntityId,
  title: v.string(),
  description: v.string(),
  plannedDate: IsoDate,
  status: PaiActivityStatus,
  deliveryDate: v.nullable(IsoDate),
  /** Who marked it done (display name), when done. */
  doneBy: v.nullable(v.string()),
  /** The caller's reminders for this activity, days before `plannedDate`. */
  reminderDays: ReminderDays,
  /** True when `reminderDays` are the caller's general preferences (no own choice for this activity). */
  reminderDefault: v.boolean(),
});
export type PaiActivity = v.InferOutput<typeof PaiActivity>;

/** A document of the dossier filed in a folder of the plan (only those the caller may see). */
export const PaiFolderDocument = v.object({
  id: EntityId,
  title: v.string(),
  /** The caller may open it (the dossier's rule: not for types reserved to clinicians on the patient side). */
  viewable: v.boolean(),
  documentType: v.object({ code: v.string(), desc: v.string() }),
  docCreationDateTime: IsoTimestamp,
});

export const PaiFolder = v.object({
  id: EntityId,
  name: v.string(),
  documents: v.array(PaiFolderDocument),
});
export type PaiFolder = v.InferOutput<typeof PaiFolder>;

/** `GET /pais/{id}/folders`. */
export const PaiFolderList = v.object({ paiFolders: v.array(PaiFolder) });
export type PaiFolderList = v.InferOutput<typeof PaiFolderList>;

const PaiFields = {
  id: EntityId,
  patientId: EntityId,
  /** The code of the plan's type (spec: `type`); `paiType` is the type itself. */
  type: v.string(),
  paiType: PaiType,
  title: v.string(),
  status: PaiStatus,
  replacedById: v.nullable(EntityId),
  validFrom: IsoDate,
  validTo: v.nullable(IsoDate),
  project: v.object({ id: EntityId, name: v.string() }),
  author: v.nullable(v.string()),
  activitiesTotal: v.pipe(v.number(), v.integer(), v.minValue(0)),
  activitiesDone: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /**
   * The patient's participation in the plan's project: an ACTIVE plan is in force only for a participant;
   * for an invited patient it waits for the adhesion.
   */
  participation: Participation,
};

export const PaiSummary = v.object(PaiFields);
export type PaiSummary = v.InferOutput<typeof PaiSummary>;

/**
 * `GET /pais/{id}`. A patient or guest reading a plan that is no longer ACTIVE gets no activities
 * (`activitiesHidden`): only the plan in force says what is to be done.
 */
export const Pai = v.object({
  ...PaiFields,
  activities: v.array(PaiActivity),
  activitiesHidden: v.boolean(),
  paiFolders: v.array(PaiFolder),
  /** The caller may mark this plan's activities done (patient or project staff, plan ACTIVE and in force). */
  canMarkDone: v.boolean(),
});
export type Pai = v.InferOutput<typeof Pai>;

/** `GET /pais?patientId&paiType`: newest first; `currentPaiId` is the ACTIVE one, if any. */
export const PaiListQuery = v.object({
  ...PagingQuery.entries,
  patientId: EntityIdText,
  paiType: v.optional(v.pipe(v.string(), v.maxLength(40))),
});
export type PaiListQuery = v.InferOutput<typeof PaiListQuery>;

export const PaiList = v.object({
  pais: v.array(PaiSummary),
  paging: Paging,
  currentPaiId: v.nullable(EntityId),
});
export type PaiList = v.InferOutput<typeof PaiList>;

export const PaiActivityParam = v.object({ paiId: EntityIdText, activityId: EntityIdText });

/** `PUT .../notifyPreferences`: own reminders, or `null` to follow the general preferences again. */
export const PaiReminderInput = v.strictObject({ reminderDays: v.nullable(ReminderDays) });
export type PaiReminderInput = v.InferOutput<typeof PaiReminderInput>;

/** `PUT .../done`: the day it was done (not in the future, not before the plan's start). */
export const PaiDoneInput = v.strictObject({ deliveryDate: IsoDate });
export type PaiDoneInput = v.InferOutput<typeof PaiDoneInput>;
