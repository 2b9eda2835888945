/**
 * The bench's reference: a bare Hono + node-postgres + jose server, the floor the portal is compared
 * against. It verifies the same ES256 access token and a fresh DPoP proof per request (the
 * embedded key imported each time, signature, ath, htm/htu, iat, thumbprint against cnf.jkt, the replay
 * insert that also reads the grant), runs the same SQL as the portal for the bench's two routes (as named
 * statements, as the portal does: planned once per connection), and answers the same JSON. Only the bench's case: a patient reading their own dossier (no obscuring, no guests).
 * Run as its own process by bench/api.ts: env DATABASE_URL, PORT, PUBLIC_URL, ISSUER, AUDIENCE, JWKS_URL.
 */
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { calculateJwkThumbprint, createRemoteJWKSet, EmbeddedJWK, type JWK, jwtVerify } from 'jose';
import pg from 'pg';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} missing`);
  return value;
};
const publicUrl = env('PUBLIC_URL');
const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 10 });
const keys = createRemoteJWKSet(new URL(env('JWKS_URL')));
const RESTORE_DURATION_MS = 20_000;
const locations: Record<string, string> = {
  O: 'Ricovero ordinario',
  DH: 'Day hospital',
  DS: 'Day surgery',
  E: 'Pronto soccorso',
  SCR: 'Screening',
  I: 'Ambulatoriale',
};

class Refused extends Error {}

/** Token and proof as the portal checks them; the subject. */
async function authenticate(request: Request, path: string): Promise<string> {
  const [scheme, token] = (request.headers.get('authorization') ?? '').split(' ');
  const proof = request.headers.get('dpop');
  if (scheme !== 'DPoP' || !token || !proof) throw new Refused();
  const { payload: claims } = await jwtVerify(token, keys, {
    issuer: env('ISSUER'),
    audience: env('AUDIENCE'),
    algorithms: ['ES256'],
    requiredClaims: ['sub', 'exp'],
  });
  const grantId = String(claims.grant_id);
  const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt' });
  const now = Math.floor(Date.now() / 1000);
  const ath = createHash('sha256').update(token).digest('base64url');
  if (payload.htm !== request.method || payload.htu !== `${publicUrl}${path}`) throw new Refused();
  if (typeof payload.iat !== 'number' || Math.abs(now - payload.iat) > 60 || payload.ath !== ath)
    throw new Refused();
  const thumbprint = await calculateJwkThumbprint(protectedHeader.jwk as JWK, 'sha256');
  if (thumbprint !== (claims.cnf as { jkt?: string } | undefined)?.jkt) throw new Refused();
  const key = createHash('sha256').update(`${thumbprint}:${payload.jti}`).digest('base64url');
  const until = new Date(Date.now() + 5 * 60 * 1000);
  // The replay insert reads the grant too, as the portal's store does: one statement.
  const stored = await pool.query<{ grant_live: boolean }>({
    name: 'dpop',
    text: `insert into dpop_proofs (key, expires_at) values ($1, $2) on conflict (key) do update set expires_at = $3
     where dpop_proofs.expires_at <= $4::timestamptz returning key, exists (select 1 from oidc_payloads
       where type = 'Grant' and id = $5 and (expires_at is null or expires_at > $4::timestamptz)) as grant_live`,
    values: [key, until, until, new Date().toISOString(), grantId],
  });
  if (!stored.rows[0]?.grant_live) throw new Refused();
  return String(claims.sub);
}

interface UserRow {
  id: number;
  user_type: string;
  display_name: string;
  permissions: string[];
  in_project: boolean;
  patient_id: number | null;
  enabled: boolean;
}

const app = new Hono();
app.use(compress());
app.onError((error, c) =>
  c.json({ status: 401, code: 'UNAUTHENTICATED' }, error instanceof Refused ? 401 : 500),
);

/** As json(), with a Content-Length so that compress() leaves replies under its threshold alone. */
const reply = (body: unknown): Response => {
  const text = JSON.stringify(body);
  return new Response(text, {
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  });
};

// The lookup of a user: what /me costs at least.
app.get('/api/me', async (c) => {
  const subject = await authenticate(c.req.raw, '/api/me');
  const { rows } = await pool.query<UserRow>({
    name: 'me',
    text: 'select id, user_type, display_name, permissions, in_project, patient_id, enabled from users where subject = $1 limit 1',
    values: [subject],
  });
  const user = rows[0];
  if (!user?.enabled) throw new Refused();
  return reply({
    id: user.id,
    userType: user.user_type,
    permissionList: user.permissions,
    inProject: user.in_project,
    displayName: user.display_name,
    patientId: user.patient_id,
  });
});

interface ListRow {
  id: number;
  patient_id: number;
  title: string;
  accession_number: string | null;
  type_code: string;
  desc_it: string;
  viewable_by_patient: boolean;
  unit_code: string;
  unit_name: string;
  status: string;
  obscuring: unknown;
  created_at: Date;
  location_code: string;
  version: number;
  page_count: number;
  total: number;
  study_statuses: string | null;
}

function dicomOf(accession: string | null, statuses: string | null) {
  const numbers = (accession ?? '').split('|').filter(Boolean);
  if (numbers.length === 0) return { dicomStatus: null, showDicom: false };
  const found = statuses?.split('|') ?? [];
  const only = found[0];
  if (!only) return { dicomStatus: 'NOTFOUND', showDicom: false };
  if (numbers.length > 1 || found.length > 1) return { dicomStatus: 'MULTIPLE', showDicom: true };
  return { dicomStatus: only, showDicom: true };
}

app.get('/api/documents', async (c) => {
  const subject = await authenticate(c.req.raw, '/api/documents');
  const patientId = Number(c.req.query('patientId'));
  const max = Number(c.req.query('max') ?? 20);
  const { rows } = await pool.query<UserRow & { patient_exists: boolean }>({
    name: 'caller',
    text: `select id, user_type, display_name, permissions, in_project, patient_id, enabled,
       exists (select 1 from patients where mepi_id = $1) as patient_exists from users where subject = $2 limit 1`,
    values: [patientId, subject],
  });
  const user = rows[0];
  if (!user?.enabled || !user.patient_exists || user.patient_id !== patientId) throw new Refused();
  // The audit row, the settled restores and the page in one statement, as the portal's: the select sees
  // the rows as they were, so a settled row shows as the update leaves it.
  const due = new Date(Date.now() - RESTORE_DURATION_MS).toISOString();
  const page = await pool.query<ListRow>({
    name: 'page',
    text: `with audit_row as (insert into audit_log (user_id, user_role, user_name, access_title, patient_id, activity,
       document_id, document_type_code, outcome, detail) values ($3, $4, $5, 'SELF', $1, 'DOCUMENT_LIST', null, null,
       'ALLOWED', null)),
     settled as (update documents set status = 'ONLINE', restore_requested_at = null
       where patient_id = $1 and status = 'RESTORING' and restore_requested_at <= $6::timestamptz)
     select d.id, d.patient_id, d.title, d.accession_number, t.code as type_code, t.desc_it, t.viewable_by_patient,
       u.code as unit_code, u.name as unit_name,
       case when d.status = 'RESTORING' and d.restore_requested_at <= $6::timestamptz then 'ONLINE' else d.status end
         as status,
       d.obscuring, d.created_at, d.location_code, d.version, d.page_count,
       coalesce((select current from document_counts where patient_id = $1),
         (select count(*)::int from documents where patient_id = $1 and superseded = false)) as total,
       case when coalesce(d.accession_number, '') = '' then null else (
         select string_agg((select string_agg(s.status::text, '|') from studies s
           where s.accession_number = wanted.accession and s.patient_id = d.patient_id), '|')
         from unnest(string_to_array(d.accession_number, '|')) as wanted(accession)) end as study_statuses
     from documents d join document_types t on t.code = d.document_type_code join units u on u.id = d.provenance_unit_id
     where d.patient_id = $1 and d.superseded = false order by d.created_at desc, d.id desc limit $2`,
    values: [patientId, max, user.id, user.user_type, user.display_name, due],
  });
  const total = page.rows[0]?.total ?? 0;
  return reply({
    documents: page.rows.map((row) => ({
      id: row.id,
      patientId: row.patient_id,
      title: row.title,
      accessionNumber: row.accession_number,
      documentType: { code: row.type_code, desc: row.desc_it },
      documentProvenanceUnit: { code: row.unit_code, desc: row.unit_name },
      status: row.status,
      viewable: row.status !== 'NOT_READABLE' && row.viewable_by_patient,
      obscuringInfo: row.obscuring,
      docCreationDateTime: row.created_at.toISOString(),
      patientCurrentLocation: {
        code: row.location_code,
        desc: locations[row.location_code] ?? row.location_code,
      },
      ...dicomOf(row.accession_number, row.study_statuses),
      version: row.version,
      pageCount: row.page_count,
    })),
    paging: { totalCount: total, totalPage: Math.ceil(total / max), max, offset: 0 },
  });
});

serve({ fetch: app.fetch, port: Number(env('PORT')), hostname: '127.0.0.1' });
// A normal exit, so that `--cpu-prof` (BENCH_REFERENCE_NODE_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
