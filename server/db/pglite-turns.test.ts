import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { yieldBeforeEachStatement } from './pglite-turns';

const STATEMENTS = 40;

/** How many of STATEMENTS queued statements had finished when a timer queued with them fired. */
async function finishedBeforeTimer(client: PGlite): Promise<number> {
  let finished = 0;
  let seenByTimer = -1;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      seenByTimer = finished;
      resolve();
    }, 0),
  );
  await Promise.all([
    ...Array.from({ length: STATEMENTS }, async () => {
      await client.query('select count(*) from generate_series(1, 2000)');
      finished++;
    }),
    timer,
  ]);
  return seenByTimer;
}

describe('PGlite statements take turns with the event loop', () => {
  let client: PGlite | null = null;
  afterEach(async () => {
    await client?.close();
    client = null;
  });

  it('without turns, a queue of statements holds the event loop to its end', async () => {
    client = await PGlite.create();
    expect(await finishedBeforeTimer(client)).toBe(STATEMENTS);
  });

  it('with turns, a timer (a socket, a health probe) runs between statements', async () => {
    client = yieldBeforeEachStatement(await PGlite.create());
    expect(await finishedBeforeTimer(client)).toBeLessThanOrEqual(2);
  });

  it('keeps results, errors and transactions as they were', async () => {
    client = yieldBeforeEachStatement(await PGlite.create());
    await client.exec('create table item (id int primary key)');
    await expect(client.query('select nope')).rejects.toThrow();
    await client.transaction(async (tx) => {
      await tx.query('insert into item values (1), (2)');
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into item values (3)');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await Promise.all(
      Array.from({ length: 25 }, () => client?.query<{ n: number }>('select count(*)::int as n from item')),
    );
    expect(rows.map((result) => result?.rows[0]?.n)).toEqual(Array(25).fill(2));
  });
});
