import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL these tests create their databases on: DATABASE_URL's server (CI sets it), else the
 * machine's own. The tests need a whole database, empty, that several server processes share.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  /** DATABASE_URL for the server processes. */
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect().catch((error: Error) => {
    throw new Error(`these tests need PostgreSQL at ${serverUrl} (set DATABASE_URL): ${error.message}`);
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database with a unique name; `drop` removes it, ending any session still on it. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `ops_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(),
  };
}
