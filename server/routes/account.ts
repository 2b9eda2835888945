import { Hono } from 'hono';
import type { CurrentUser, Permission, ProfileDenied, UserType } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { hasDossierConsent } from '../services/access';
import { dueFeaConsents } from '../services/consents/due';
import { guestPatientId } from '../services/guests/grants';
import { getPatient } from '../services/patients';
import { findUserBySubject } from '../services/users';

const deniedMessages: Record<ProfileDenied['code'], string> = {
  0: 'È necessario firmare il consenso al dossier per accedere',
  1: 'Accesso negato',
  2: 'È necessario firmare i consensi con firma elettronica avanzata',
};

/** `GET /me`: the current user, or the 403 of spec section 8 that leads to consent signing or logout. */
export const accountRoutes = new Hono<AppEnv>().get('/me', async (c) => {
  const { db } = c.get('deps');
  const principal = c.get('principal');
  const user = await findUserBySubject(db, principal.subject);
  const deny = (code: ProfileDenied['code'], patient: ProfileDenied['patient']): Response =>
    c.json(
      {
        status: 403,
        code,
        message: deniedMessages[code],
        patient,
        authentication_method: code === 2 ? (principal.authenticationMethod ?? 'pwd') : null,
      } satisfies ProfileDenied,
      403,
    );
  if (!user?.enabled) return deny(1, null);

  if (user.userType === 'PAT' && user.patientId !== null) {
    const patient = await getPatient(db, user.patientId, user.id);
    if (!patient) return deny(1, null);
    const { mepiId, masterId, favorite, name, surname, sex, birthDate, fiscalCode, positionStatus } = patient;
    const summary = { mepiId, masterId, favorite, name, surname, sex, birthDate, fiscalCode, positionStatus };
    if (!(await hasDossierConsent(db, user.patientId))) return deny(0, summary);
    if ((await dueFeaConsents(db, user)).length > 0) return deny(2, summary);
  }

  // A guest opens the dossier of their newest live grant; with none left (revoked, expired) they are out.
  const patientId = user.userType === 'GUE' ? await guestPatientId(db, user.id) : user.patientId;
  if (user.userType === 'GUE' && patientId === null) return deny(1, null);

  return c.json({
    id: user.id,
    userType: user.userType as UserType,
    permissionList: user.permissions as Permission[],
    inProject: user.inProject,
    displayName: user.displayName,
    patientId,
  } satisfies CurrentUser);
});
