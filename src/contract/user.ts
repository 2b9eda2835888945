import * as v from 'valibot';
import { PatientSummary } from './patient';

export const UserType = v.picklist(['PAT', 'PHY', 'OPT', 'ADM', 'GUE']);
export type UserType = v.InferOutput<typeof UserType>;

export const Permission = v.picklist([
  'perm.meview.consent.read',
  'perm.meview.consent.write',
  'perm.meview.consent.patient.autonomy',
  'perm.meview.customDocument.read',
  'perm.meview.project.info',
  /** Obscure own documents (spec 6: obscuring needs a permission); patients have it. */
  'perm.meview.document.obscure',
]);
export type Permission = v.InferOutput<typeof Permission>;

/** `GET /me`. `patientId` is set for patients and guests: the dossier they open. */
export const CurrentUser = v.object({
  id: v.pipe(v.number(), v.integer()),
  userType: UserType,
  permissionList: v.array(Permission),
  inProject: v.boolean(),
  displayName: v.string(),
  patientId: v.nullable(v.pipe(v.number(), v.integer())),
});
export type CurrentUser = v.InferOutput<typeof CurrentUser>;

/**
 * The 403 reply of `GET /me` (spec section 8): code 0 starts the dossier consent signing,
 * code 1 logs out of the identity provider, code 2 goes to the advanced-signature consents.
 */
export const ProfileDeniedCode = v.picklist([0, 1, 2]);
export type ProfileDeniedCode = v.InferOutput<typeof ProfileDeniedCode>;

export const ProfileDenied = v.object({
  status: v.literal(403),
  code: ProfileDeniedCode,
  message: v.string(),
  patient: v.nullable(PatientSummary),
  authentication_method: v.nullable(v.string()),
});
export type ProfileDenied = v.InferOutput<typeof ProfileDenied>;
