import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { createMemoryLogger } from '../logger';
import { handleError } from '../middleware/errors';
import { createPostgresPool } from './postgres-pool';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How Drizzle hands a driver's error to the route. */
const asDrizzle = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('a database that is away', () => {
  it('is told apart from a fault of the statement', () => {
    for (const away of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is shutting down', '57P03'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(away), away.message).toBe(true);
      expect(isDatabaseUnavailable(asDrizzle(away)), away.message).toBe(true);
    }
    for (const fault of [
      withCode('syntax error at or near "selec"', '42601'),
      withCode('duplicate key value violates unique constraint', '23505'),
      new Error('Cannot read properties of undefined'),
      asDrizzle(withCode('division by zero', '22012')),
    ])
      expect(isDatabaseUnavailable(fault), fault.message).toBe(false);
  });

  it('answers 503 DB_UNAVAILABLE with Retry-After, from a real refused connection', async () => {
    // Nothing listens on port 1 of this machine: the connection is refused, as by a stopped PostgreSQL.
    const pool = createPostgresPool('postgres://postgres@127.0.0.1:1/test');
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('logger', createMemoryLogger());
        await next();
      })
      .get('/read', async (c) => c.json((await pool.query('select 1')).rows))
      .onError(handleError);
    const response = await app.request('/read');
    await pool.end();
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ status: 503, code: 'DB_UNAVAILABLE' });
  });
});
