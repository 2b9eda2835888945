import { Hono } from 'hono';
import type { CurrentUser, Permission, ProfileDenied, UserType } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { meView } from '../services/account';

const deniedMessages: Record<ProfileDenied['code'], string> = {
  0: 'È necessario firmare il consenso al dossier per accedere',
  1: 'Accesso negato',
  2: 'È necessario firmare i consensi con firma elettronica avanzata',
};

/** `GET /me`: the current user, or the 403 of spec section 8 that leads to consent signing or logout. */
export const accountRoutes = new Hono<AppEnv>().get('/me', async (c) => {
  const principal = c.get('principal');
  const view = await meView(c.get('deps').db, principal.subject);
  if (view.kind === 'denied') {
    const { code, patient } = view;
    const summary = patient && {
      mepiId: patient.mepiId,
      masterId: patient.masterId,
      favorite: patient.favorite,
      name: patient.name,
      surname: patient.surname,
      sex: patient.sex,
      birthDate: patient.birthDate,
      fiscalCode: patient.fiscalCode,
      positionStatus: patient.positionStatus,
    };
    return c.json(
      {
        status: 403,
        code,
        message: deniedMessages[code],
        patient: summary,
        authentication_method: code === 2 ? (principal.authenticationMethod ?? 'pwd') : null,
      } satisfies ProfileDenied,
      403,
    );
  }
  const { user, patientId } = view;
  return c.json({
    id: user.id,
    userType: user.userType as UserType,
    permissionList: user.permissions as Permission[],
    inProject: user.inProject,
    displayName: user.displayName,
    patientId,
  } satisfies CurrentUser);
});
