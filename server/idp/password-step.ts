import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { hashPassword, verifyPassword } from '../services/password';
import { personalIdentifiers } from '../services/security/identifiers';
import { recordLogin } from '../services/users';
import { renderPage } from './html';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { type Messages, messages } from './messages';
import { type NewPasswordProblem, newPasswordBody, newPasswordProblem } from './password-page';
import { send } from './respond';
import { nonceOf } from './security';
import type { Interaction } from './strong-login';

/** Who passed the password and the code of this interaction and still owes a password of their own. */
export interface PendingPasswordChange {
  subject: string;
  userId: number;
  username: string;
  /** The methods already proven, written into the tokens once the step is done. */
  amr: string[];
}

/** Kept in the interaction like the code step's state: without it the page and its post lead to the login. */
export function passwordChangeOf(interaction: Interaction): PendingPasswordChange | null {
  const pending = interaction.result?.passwordChange as PendingPasswordChange | undefined;
  return pending && typeof pending.userId === 'number' && Array.isArray(pending.amr) ? pending : null;
}

/** Ends the login interaction: the provider redirects back to the authorization request. */
export async function finishLogin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  subject: string,
  amr: string[],
): Promise<void> {
  deps.logger.info('idp.login.succeeded', { subject, amr: amr.join(' ') });
  await recordLogin(deps.db, subject);
  await deps.provider.interactionFinished(
    req,
    res,
    { login: { accountId: subject, amr, remember: true } },
    { mergeWithLastSubmission: false },
  );
}

export function renderNewPassword(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: {
    interaction: Interaction;
    pending: PendingPasswordChange;
    locale: Locale;
    status: number;
    error?: string | null;
  },
): void {
  const text = messages[view.locale];
  const page = `${deps.basePath}/interaction/${view.interaction.uid}`;
  const html = renderPage({
    locale: view.locale,
    nonce: nonceOf(req),
    title: text.newPasswordTitle,
    appTitle: deps.config.applicationTitle,
    languageLinks: { it: `${page}?lang=it`, en: `${page}?lang=en` },
    body: newPasswordBody({
      locale: view.locale,
      action: `${page}/password`,
      username: view.pending.username,
      error: view.error ?? null,
    }),
  });
  send(res, view.status, html);
}

/**
 * Every way a login succeeds ends here: a user who still holds a temporary password gets the new-password
 * page and the interaction stays open, so no session exists until the password is changed.
 */
export async function completeLogin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; subject: string; amr: string[]; locale: Locale },
): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, username: users.username, required: users.passwordChangeRequired })
    .from(users)
    .where(eq(users.subject, view.subject))
    .limit(1);
  if (!user?.required) {
    await finishLogin(req, res, deps, view.subject, view.amr);
    return;
  }
  const pending = { subject: view.subject, userId: user.id, username: user.username, amr: view.amr };
  view.interaction.result = { passwordChange: pending };
  await view.interaction.persist();
  renderNewPassword(req, res, deps, {
    interaction: view.interaction,
    pending,
    locale: view.locale,
    status: 200,
  });
}

const problemText = (text: Messages, problem: NewPasswordProblem | 'same'): string =>
  ({
    missing: text.newPasswordMissing,
    tooShort: text.newPasswordTooShort,
    tooLong: text.newPasswordTooLong,
    common: text.newPasswordCommon,
    personal: text.newPasswordPersonal,
    mismatch: text.newPasswordMismatch,
    same: text.newPasswordSameAsTemporary,
  })[problem];

/** `POST …/password`: checks the rules, stores the new hash, clears the flag and finishes the login. */
export async function submitNewPassword(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; pending: PendingPasswordChange; form: URLSearchParams; locale: Locale },
): Promise<void> {
  const { db, logger } = deps;
  const { interaction, pending, form, locale } = view;
  const password = form.get('newPassword') ?? '';
  const [user] = await db.select().from(users).where(eq(users.id, pending.userId)).limit(1);
  // "Same as the temporary one" first: it is the reason that helps, whatever else is wrong with it.
  const same = password !== '' && (await verifyPassword(password, user?.passwordHash ?? ''));
  const problem: NewPasswordProblem | 'same' | null = same
    ? 'same'
    : newPasswordProblem(
        password,
        form.get('confirmPassword') ?? '',
        user ? await personalIdentifiers(db, user) : [],
      );
  if (problem) {
    // Nothing is guessed here (password and code are already proven): a typo is not counted as a failure.
    logger.info('idp.password_change.refused', { username: pending.username, reason: problem });
    const error = problemText(messages[locale], problem);
    renderNewPassword(req, res, deps, { interaction, pending, locale, status: 200, error });
    return;
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangeRequired: false })
    .where(eq(users.id, pending.userId));
  logger.info('idp.password_change.done', { username: pending.username });
  await finishLogin(req, res, deps, pending.subject, pending.amr);
}
