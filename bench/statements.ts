/**
 * Database CPU of single statements: each runs N times on one connection and the backend's
 * CPU (utime + stime from /proc, so PostgreSQL on this machine) is divided by N. Unnamed (parsed and
 * planned every time, as drizzle's unprepared queries) and named (prepared once per connection). The
 * document list's statements as the portal runs them (writes only with BENCH_STATEMENT_WRITES=1).
 * Run: BENCH_DATABASE=postgres://…/bench_documents npm run bench:statements (after `npm run bench`
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

const [{ grant } = { grant: 'none' }] = (
  await client.query<{ grant: string }>(
    "select id as grant from oidc_payloads where type = 'Grant' order by expires_at desc nulls first limit 1",
  )
).rows;
const due = new Date(Date.now() - 20_000).toISOString();

/** The page's select as the portal runs it (the settled status, the kept total); `studies`: the lookup. */
const page = (studies: string, ctes = ''): string => `${ctes}
  select d.id, d.patient_id, d.title, d.accession_number,
  case when d.status = 'RESTORING' and d.restore_requested_at <= $2::timestamptz then 'ONLINE' else d.status end,
  d.obscuring, d.created_at, d.location_code, d.version, d.page_count, t.code, t.desc_it, t.desc_en,
  t.viewable_by_patient, u.code, u.name,
  coalesce((select current from document_counts where patient_id = $1),
    (select count(*)::int from documents where patient_id = $1 and superseded = false)) as total,
  case when coalesce(d.accession_number, '') = '' then null else (${studies}) end as study_statuses
  from documents d join document_types t on t.code = d.document_type_code join units u on u.id = d.provenance_unit_id
  where d.patient_id = $1 and d.superseded = false order by d.created_at desc, d.id desc limit 20`;
const perNumber = `select string_agg((select string_agg(s.status::text, '|') from studies s
  where s.accession_number = wanted.accession and s.patient_id = d.patient_id), '|')
  from unnest(string_to_array(d.accession_number, '|')) as wanted(accession)`;
const anyNumber = `select string_agg(s.status::text, '|') from studies s
  where s.accession_number = any(string_to_array(d.accession_number, '|')) and s.patient_id = d.patient_id`;
const audit = `audit_row as (insert into audit_log (user_id, user_role, user_name, access_title, patient_id,
  activity, outcome) values (null, 'PAT', 'bench', 'SELF', $1, 'DOCUMENT_LIST', 'ALLOWED'))`;
const settle = `settled as (update documents set status = 'ONLINE', restore_requested_at = null
  where patient_id = $1 and status = 'RESTORING' and restore_requested_at <= $2::timestamptz)`;
let proof = 0;
const statements: Record<string, { text: string; values: () => unknown[]; write?: boolean }> = {
  'page (studies per number)': { text: page(perNumber), values: () => [patient, due] },
  'page (studies by = any)': { text: page(anyNumber), values: () => [patient, due] },
  'caller and patient': {
    text: `select id, enabled, exists (select 1 from patients where mepi_id = $1) from users where subject = $2 limit 1`,
    values: () => [patient, 'none'],
  },
  'replay insert reading the grant': {
    text: `insert into dpop_proofs (key, expires_at) values ($1, $2) on conflict (key) do update set expires_at = $2
      where dpop_proofs.expires_at <= $3 returning key, exists (select 1 from oidc_payloads where type = 'Grant'
      and id = $4 and (expires_at is null or expires_at > $3))`,
    values: () => [`bench-${process.pid}-${proof++}`, new Date(Date.now() + 60_000), new Date(), grant],
    write: true,
  },
  'audit row, settled restores and page': {
    text: page(perNumber, `with ${audit}, ${settle}`),
    values: () => [patient, due],
    write: true,
  },
};
for (const [label, statement] of Object.entries(statements)) {
  if (statement.write && !process.env.BENCH_STATEMENT_WRITES) continue;
  for (const named of [false, true]) {
    const name = named ? { name: label.replace(/\W/g, '_') } : {};
    const run = () => client.query({ ...name, text: statement.text, values: statement.values() });
    for (let warm = 0; warm < 20; warm++) await run();
    const before = cpuMs(pid);
    const started = performance.now();
    for (let index = 0; index < RUNS; index++) await run();
    const wall = (performance.now() - started) / RUNS;
    const cpu = (cpuMs(pid) - before) / RUNS;
    console.log(
      `${`${label} (${named ? 'named' : 'unnamed'})`.padEnd(48)} PostgreSQL CPU ${cpu.toFixed(3)} ms, wall ${wall.toFixed(3)} ms`,
    );
  }
}
await client.end();
