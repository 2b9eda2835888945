import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../tests/support/databases';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { loadIdpKeys } from './keys';

describe.each(databaseTargets)('identity provider keys on $name', ({ location }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  /** On PostgreSQL, as many processes on the same schema (each its own pool); PGlite has one. */
  let processes: DatabaseHandle[];
  beforeAll(async () => {
    database = await openTestDatabase(location);
    const schema = database.isolatedSchema;
    const others = schema
      ? await Promise.all(
          [1, 2, 3].map(() => openDatabase(location, { isolatedSchema: schema, keepSchema: true })),
        )
      : [database, database, database];
    processes = [database, ...others];
    await Promise.all(processes.map((handle) => handle.ping()));
  });
  afterAll(async () => {
    await Promise.all(processes.slice(1).map((handle) => (handle === database ? null : handle.close())));
    await database.close();
  });

  it('gives processes starting together on an empty database one and the same signing key', async () => {
    const loaded = await Promise.all(processes.map((handle) => loadIdpKeys(handle.db)));
    const kids = loaded.map((keys) => keys.signing.map((key) => key.kid).join(','));
    expect(loaded.map((keys) => keys.signing.length)).toEqual([1, 1, 1, 1]);
    expect(new Set(kids).size).toBe(1);
    expect(new Set(loaded.map((keys) => keys.cookie.join(','))).size).toBe(1);
  });
});
