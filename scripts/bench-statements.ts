/**
 * Database CPU of single statements (issue 16): each runs N times on one connection and the backend's
 * CPU (utime + stime from /proc, so PostgreSQL on this machine) is divided by N. Unnamed (parsed and
 * planned every time, as drizzle's unprepared queries) and named (prepared once per connection).
 * Run: BENCH_DATABASE=postgres://…/bench_documents tsx scripts/bench-statements.ts (after `npm run bench`
 * with part `api`, which leaves the seeded bench_documents database behind).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const RUNS = Number(process.env.BENCH_STATEMENT_RUNS ?? 2000);
const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE });
await client.connect();
const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
  { pid: number },
];
const [{ patient }] = (
  await client.query<{ patient: number }>(
    'select patient_id as patient from document_counts order by current desc limit 1',
  )
).rows as [{ patient: number }];

const page = (
  total: string,
): string => `select d.id, d.title, d.accession_number, t.code, t.desc_it, u.code, u.name,
  d.status, d.obscuring, d.created_at, d.location_code, d.version, d.page_count, ${total} as total,
  case when coalesce(d.accession_number, '') = '' then null else (select string_agg(s.status::text, '|')
    from studies s where s.accession_number = any(string_to_array(d.accession_number, '|'))
    and s.patient_id = d.patient_id) end as study_statuses
  from documents d join document_types t on t.code = d.document_type_code join units u on u.id = d.provenance_unit_id
  where d.patient_id = $1 and d.superseded = false order by d.created_at desc, d.id desc limit 20`;
const count = '(select count(*)::int from documents where patient_id = $1 and superseded = false)';
const statements: Record<string, { text: string; values: unknown[]; write?: boolean }> = {
  'page, counted': { text: page(count), values: [patient] },
  'page, maintained total': {
    text: page(`coalesce((select current from document_counts where patient_id = $1), ${count})`),
    values: [patient],
  },
  'count alone': { text: `select ${count}`, values: [patient] },
  'caller and patient': {
    text: `select id, enabled, exists (select 1 from patients where mepi_id = $1) from users where subject = $2 limit 1`,
    values: [patient, 'none'],
  },
  'audit insert': {
    text: `insert into audit_log (user_id, user_role, user_name, access_title, patient_id, activity, outcome)
      values (null, 'PAT', 'bench', 'SELF', $1, 'DOCUMENT_LIST', 'ALLOWED')`,
    values: [patient],
    write: true,
  },
  'audit insert and settled restores': {
    text: `with audit_row as (insert into audit_log (user_id, user_role, user_name, access_title, patient_id,
      activity, outcome) values (null, 'PAT', 'bench', 'SELF', $1, 'DOCUMENT_LIST', 'ALLOWED'))
      update documents set status = 'ONLINE', restore_requested_at = null
      where patient_id = $1 and status = 'RESTORING' and restore_requested_at <= $2`,
    values: [patient, new Date(Date.now() - 20_000)],
    write: true,
  },
};
for (const [label, statement] of Object.entries(statements)) {
  if (statement.write && !process.env.BENCH_STATEMENT_WRITES) continue;
  for (const named of [false, true]) {
    const run = () => client.query(named ? { name: label.replace(/\W/g, '_'), ...statement } : statement);
    for (let warm = 0; warm < 20; warm++) await run();
    const before = cpuMs(pid);
    const started = performance.now();
    for (let index = 0; index < RUNS; index++) await run();
    const wall = (performance.now() - started) / RUNS;
    const cpu = (cpuMs(pid) - before) / RUNS;
    console.log(
      `${`${label} (${named ? 'named' : 'unnamed'})`.padEnd(40)} PostgreSQL CPU ${cpu.toFixed(3)} ms, wall ${wall.toFixed(3)} ms`,
    );
  }
}
await client.end();
