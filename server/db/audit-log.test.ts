import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from './client';
import { auditLog } from './schema';

describe.each(databaseTargets)('audit log is append-only on $name', ({ location }) => {
  let database: DatabaseHandle;
  const count = async (): Promise<number> => (await database.db.select().from(auditLog)).length;

  beforeAll(async () => {
    database = await openTestDatabase(location);
    await database.db.insert(auditLog).values({
      userRole: 'PHY',
      userName: 'Anna Neri',
      accessTitle: 'CURA',
      patientId: 1,
      activity: 'DOCUMENT_READ',
      outcome: 'ALLOWED',
    });
  });
  afterAll(() => database.close());

  it('accepts new rows', async () => {
    expect(await count()).toBe(1);
  });

  it.each([
    ['UPDATE', sql`update audit_log set outcome = 'DENIED'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('refuses %s', async (_name, statement) => {
    await expect(database.db.execute(statement)).rejects.toThrow();
    expect(await count()).toBe(1);
  });
});
