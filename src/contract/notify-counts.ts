import * as v from 'valibot';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * `GET /notifications` (spec 3 "Notification counts"). `uploadedDocuments`: for a physician the uploads
 * waiting for their review, for a patient the uploads reviewed since they last opened their uploads.
 */
export const Notifications = v.object({
  conferences: Count,
  messages: Count,
  uploadedDocuments: Count,
  surveys: Count,
});
export type Notifications = v.InferOutput<typeof Notifications>;
