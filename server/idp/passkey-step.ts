import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { AuthenticationResponse } from '../../src/contract/security-webauthn';
import { clientAddress } from '../client-address';
import { users } from '../db/schema';
import { operationalEvents } from '../observability/events';
import { assertionOptions, relyingPartyOf, verifyAssertion } from '../services/security/passkeys';
import { renderCode } from './code-step';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { messages } from './messages';
import { completeLogin } from './password-step';
import type { Interaction, PendingStrongLogin } from './strong-login';
import { renderTotp } from './totp-step';

/**
 * RFC 8176 methods of a passkey login: proof of possession of a key (`pop`, hardware or synced) with user
 * verification, so multi-factor on its own; after a password it stands where the SMS code or TOTP stood.
 */
export const AMR_PASSKEY_SECOND_FACTOR = ['pwd', 'pop', 'mfa'];
export const AMR_PASSKEY = ['pop', 'mfa'];

/** Who may answer: the pending user's passkeys after a password, any discoverable one on the login page. */
function requestOf(interaction: Interaction, pending: PendingStrongLogin | null) {
  return { purpose: 'login' as const, userId: pending?.userId ?? null, binding: interaction.uid };
}

/** `POST …/passkey/options`: the challenge for this interaction (JSON; 404 when the user has no passkey). */
export async function passkeyOptions(
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; pending: PendingStrongLogin | null },
): Promise<void> {
  const options = await assertionOptions(
    deps.db,
    relyingPartyOf(deps.config),
    requestOf(view.interaction, view.pending),
  );
  res.statusCode = options ? 200 : 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(options ?? {}));
}

/**
 * `POST …/passkey`: the assertion, as the second factor of the pending user or passwordless. Counted
 * before it is looked at, like a code: against the pending user and the address, or (passwordless, no
 * name yet) the address alone; a success gives the attempts back as a right code does.
 */
export async function submitPasskey(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: {
    interaction: Interaction;
    pending: PendingStrongLogin | null;
    form: URLSearchParams;
    locale: Locale;
    /** Shows the page the answer came from again (code, TOTP or login page) with the error. */
    refuse: (status: number, error: string) => Promise<void>;
  },
): Promise<void> {
  const { db, limiter, logger } = deps;
  const { interaction, pending, form, locale, refuse } = view;
  const text = messages[locale];
  const address = clientAddress(req, deps.config.trustProxy);
  const allowed = pending
    ? await limiter.tryAttempt(pending.username, address)
    : await limiter.tryAddressFailure(address);
  if (!allowed) {
    logger.warn('idp.login_passkey.rate_limited', { username: pending?.username ?? null, address });
    await refuse(429, text.tooManyAttempts);
    return;
  }
  const refused = pending ? text.passkeyRefused : text.passkeyLoginRefused;
  let response: AuthenticationResponseJSON;
  try {
    const parsed = v.parse(AuthenticationResponse, JSON.parse(form.get('response') ?? ''));
    // Shape checked here; content by the library.
    response = parsed as AuthenticationResponseJSON;
  } catch {
    await refuse(400, refused);
    return;
  }
  const outcome = await verifyAssertion(
    db,
    { rp: relyingPartyOf(deps.config), logger },
    { ...requestOf(interaction, pending), response },
  );
  if (!outcome.ok) {
    logger.info('idp.login_passkey.failed', {
      username: pending?.username ?? null,
      address,
      reason: outcome.reason,
    });
    operationalEvents.loginFailed('passkey');
    await refuse(200, refused);
    return;
  }
  const [user] = await db
    .select({ subject: users.subject, username: users.username })
    .from(users)
    .where(eq(users.id, outcome.userId))
    .limit(1);
  if (!user) throw new Error('passkey user not found');
  await limiter.recordSuccess(user.username, address);
  await completeLogin(req, res, deps, {
    interaction,
    subject: user.subject,
    amr: pending ? AMR_PASSKEY_SECOND_FACTOR : AMR_PASSKEY,
    locale,
  });
}

/**
 * The passkey's two posts, from the login page (passwordless, no pending user) or from the code or TOTP
 * page (the pending user's second factor; never in place of a TOTP enrolment). Answers false for any
 * other action.
 */
export async function routePasskey(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: {
    interaction: Interaction;
    pending: PendingStrongLogin | null;
    action: string | null;
    form: URLSearchParams | null;
    locale: Locale;
    renderLogin: (status: number, passkeyError: string) => Promise<void>;
  },
): Promise<boolean> {
  const { interaction, pending, action, form, locale } = view;
  if (action !== '/passkey/options' && action !== '/passkey') return false;
  const refuse = (status: number, passkeyError: string): Promise<void> => {
    if (!pending) return view.renderLogin(status, passkeyError);
    const page = { interaction, pending, locale, status, passkeyError };
    return pending.factor ? renderTotp(req, res, deps, page) : renderCode(req, res, deps, page);
  };
  if (pending?.factor === 'enrol') {
    await renderTotp(req, res, deps, { interaction, pending, locale, status: 400 });
  } else if (action === '/passkey/options') {
    await passkeyOptions(res, deps, { interaction, pending });
  } else if (form) {
    await submitPasskey(req, res, deps, { interaction, pending, form, locale, refuse });
  }
  return true;
}
