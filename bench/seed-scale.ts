/**
 * Bulk data for benchmarks: `npm run seed:scale -- --patients 1000000 --docs 10000 [--docs-patient ID]`.
 * Writes to DATABASE_URL, else to the PGlite under DATA_DIR; the demo data is seeded first if missing.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '0' },
    docs: { type: 'string', default: '0' },
    'docs-patient': { type: 'string' },
    batch: { type: 'string', default: '2000' },
  },
});
const count = (text: string | undefined, name: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};

const config = loadConfig();
const location = config.databaseUrl ?? config.dataDir;
console.log(`seed:scale into ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${location}`}`);
const started = Date.now();
const database = await openDatabase(location);
try {
  await seedDemoData(database.db);
  const docsPatient = values['docs-patient'];
  const result = await seedScale(database.db, {
    patients: count(values.patients, 'patients'),
    docs: count(values.docs, 'docs'),
    ...(docsPatient === undefined ? {} : { docsPatientId: count(docsPatient, 'docs-patient') }),
    batchSize: Math.max(1, count(values.batch, 'batch')),
    onProgress: (message) => console.log(`  ${message}`),
  });
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`, result);
} finally {
  await database.close();
}
