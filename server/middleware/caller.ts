import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/schema';
import { requireUser } from '../services/accounts/active-user';

/**
 * Gives every authenticated handler its caller: `await c.var.user()` is the enabled portal user behind the
 * verified token, or 403. Read on first use and then kept for the request, so a route's validation still
 * answers before the user is looked up, and the document list keeps its single round trip (it reads the
 * caller together with the patient).
 */
export function caller(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let user: Promise<UserRow> | undefined;
    c.set('user', () => {
      user ??= requireUser(c.get('deps').db, c.get('principal').subject);
      return user;
    });
    await next();
  };
}
