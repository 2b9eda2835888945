import * as v from 'valibot';
import { EntityIdText, IsoDate, PagingQuery } from './common';
import { CodeDesc } from './reference';
import { UserType } from './user';

// The reply types stay in documents.ts, where other screens already import them from.
export { TreatmentHistory, TreatmentHistoryItem } from './documents';

const Repeated = <T extends v.GenericSchema<string, string>>(item: T) =>
  v.optional(v.union([item, v.array(item)]));
const Code = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'invalid'));

/**
 * `GET /trackingPatientHistory/{id}`: newest first. Filters repeat; the period follows the rule of
 * DocumentListQuery (a start after the end answers 400, field `dateFrom`, code `invalidPeriod`); both
 * ends are whole days, inclusive. The viewer's own accesses are left out unless `includeOwn=true`
 * (a patient's own page views would otherwise bury the accesses of others).
 */
export const TreatmentHistoryQuery = v.pipe(
  v.object({
    ...PagingQuery.entries,
    dateFrom: v.optional(IsoDate),
    dateTo: v.optional(IsoDate),
    activity: Repeated(Code),
    userRole: Repeated(UserType),
    userId: v.optional(EntityIdText),
    documentType: Repeated(Code),
    includeOwn: v.optional(
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((flag) => flag === 'true'),
      ),
    ),
  }),
  v.forward(
    v.check((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, 'invalidPeriod'),
    ['dateFrom'],
  ),
);
export type TreatmentHistoryQuery = v.InferOutput<typeof TreatmentHistoryQuery>;

export const HistoryActivity = v.object({ activityId: v.string(), activityDesc: v.string() });
export type HistoryActivity = v.InferOutput<typeof HistoryActivity>;

/** `.../activities`, `.../userRoles`, `.../users`, `.../docTypes`: the values present in this history. */
export const HistoryActivities = v.object({ activities: v.array(HistoryActivity) });
export type HistoryActivities = v.InferOutput<typeof HistoryActivities>;

export const HistoryUserRoles = v.object({ userRoles: v.array(CodeDesc) });
export type HistoryUserRoles = v.InferOutput<typeof HistoryUserRoles>;

export const HistoryUser = v.object({ id: v.pipe(v.number(), v.integer()), name: v.string() });
export const HistoryUsers = v.object({ users: v.array(HistoryUser) });
export type HistoryUsers = v.InferOutput<typeof HistoryUsers>;

export const HistoryDocTypes = v.object({ documentTypes: v.array(CodeDesc) });
export type HistoryDocTypes = v.InferOutput<typeof HistoryDocTypes>;
