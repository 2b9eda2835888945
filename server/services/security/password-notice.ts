import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Language } from '../language';
import { type SmsSender, sendSms } from '../sms/outbox';

const texts: Record<Language, string> = {
  it: 'La password del Fascicolo è stata cambiata. Se non sei stato tu, contatta subito l’help desk: gli altri dispositivi sono già stati disconnessi.',
  en: 'Your Dossier password has been changed. If this was not you, contact the help desk at once: your other devices have already been signed out.',
};

/**
 * Tells the owner by SMS that the password changed (a stranger who changed it is then noticed). The
 * change is done already: a gateway failure is logged and answered as `notified: false`, not undone.
 */
export async function notifyPasswordChanged(
  db: Database,
  sender: SmsSender,
  input: { user: UserRow; language: Language; logger: Logger },
): Promise<boolean> {
  const { user } = input;
  if (!user.mobilePhone) return false;
  try {
    await sendSms(db, sender, {
      userId: user.id,
      to: user.mobilePhone,
      body: texts[input.language],
      purpose: 'password-changed',
    });
    return true;
  } catch (error) {
    input.logger.warn('security.password.notice_failed', { userId: user.id, error: String(error) });
    return false;
  }
}
