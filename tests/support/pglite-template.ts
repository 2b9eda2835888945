import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteExtensions } from '../../server/db/client';

const migrationsFolder = path.resolve('server/db/migrations');

/** The migrations' own content names the template: a new or changed migration makes a new one. */
function templateFile(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (!/\.(sql|json)$/.test(name)) continue;
    hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  return path.join(tmpdir(), `portal-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

let template: Promise<Blob> | undefined;

/**
 * An embedded database with every migration applied, dumped once per set of migrations and shared by the
 * test files through a file: a new embedded cluster costs several seconds (initdb in WebAssembly) against
 * about one to load a dump, and every server test opens one or more. Written to a temporary name and
 * renamed, so workers racing to make it never read half a file.
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile();
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const client = await PGlite.create(undefined, { extensions: pgliteExtensions });
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      await client.close();
      const partial = `${file}.${randomBytes(6).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    }
  })();
  return template;
}
