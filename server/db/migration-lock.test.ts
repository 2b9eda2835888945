import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { migrationLockKey, withMigrationLock } from './migration-lock';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('migration lock', () => {
  it('has one key per schema, a bigint', () => {
    expect(migrationLockKey('public')).toBe(migrationLockKey('public'));
    expect(migrationLockKey('public')).not.toBe(migrationLockKey('t_0123456789ab'));
    expect(BigInt(migrationLockKey('public'))).toBeGreaterThanOrEqual(-(2n ** 63n));
  });

  describe.each(databaseTargets)('on $name', ({ name, location }) => {
    /** Two holders of the lock at once: their steps interleave only when the lock lets them. */
    const overlapOf = async (schemas: [string, string]): Promise<boolean> => {
      const steps: string[] = [];
      const work = (label: string) => async (): Promise<void> => {
        steps.push(`${label} in`);
        await pause(300);
        steps.push(`${label} out`);
      };
      await Promise.all(
        schemas.map((schema, index) => withMigrationLock(location, schema, work(`${index}`))),
      );
      return steps[1]?.endsWith(' in') ?? false;
    };

    it('makes processes on one schema take turns, and leaves other schemas alone', async () => {
      const schema = `lock_${Math.random().toString(36).slice(2, 10)}`;
      // PGlite belongs to one process: nothing to serialise.
      expect(await overlapOf([schema, schema])).toBe(name === 'pglite');
      expect(await overlapOf([schema, `${schema}_other`])).toBe(true);
    });

    it('releases the lock when the work fails', async () => {
      const schema = `lock_${Math.random().toString(36).slice(2, 10)}`;
      await expect(
        withMigrationLock(location, schema, () => Promise.reject(new Error('migration failed'))),
      ).rejects.toThrow('migration failed');
      expect(await withMigrationLock(location, schema, async () => 'next')).toBe('next');
    });
  });
});
