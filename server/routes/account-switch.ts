import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { type AccountList, AccountSwitchBody, type AccountSwitchReply } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { requestAddress } from '../request-address';
import { accountsOf, publicAccount } from '../services/accounts/list';
import { switchAccount } from '../services/accounts/switch';
import { onInvalid } from '../validate';

/**
 * The signed-in person's accounts and the switch between them (spec 7 "Session and identity"):
 * rules in services/accounts and docs/decisions.md "Account switch".
 */
export const accountSwitchRoutes = new Hono<AppEnv>()
  .get('/account/accounts', async (c) => {
    const user = await c.var.user();
    const accounts = await accountsOf(c.get('deps').db, user);
    c.header('Cache-Control', 'no-store');
    return c.json({
      accounts: accounts.map(publicAccount),
    } satisfies AccountList);
  })
  .post('/account/switch', vValidator('json', AccountSwitchBody, onInvalid), async (c) => {
    const { db, switchAccount: switcher, logger } = c.get('deps');
    const caller = await c.var.user();
    const { tokens, target } = await switchAccount(
      db,
      { caller, principal: c.get('principal'), switcher, address: requestAddress(c), logger },
      c.req.valid('json'),
    );
    logger.info('account.switched', { userId: caller.id, to: target.id, userType: target.userType });
    c.header('Cache-Control', 'no-store');
    return c.json(tokens satisfies AccountSwitchReply);
  });
