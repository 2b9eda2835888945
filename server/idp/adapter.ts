import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';

type Row = typeof oidcPayloads.$inferSelect;

function live(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  // Rows outlive their expiry until the sweep; an expired row is as good as gone.
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

/** oidc-provider storage on the `oidc_payloads` table, one adapter per model name. */
export class DrizzleAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const values = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      consumedAt: null,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id, type: this.model, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: values });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)))
      .limit(1);
    return live(row);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.uid, uid)))
      .limit(1);
    return live(row);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.userCode, userCode)))
      .limit(1);
    return live(row);
  }

  /**
   * Marks a code or refresh token used, once: of two requests that both read it unused (parallel
   * refreshes of one rotated token), only the first marks it, and the other is refused as an invalid grant.
   */
  async consume(id: string): Promise<void> {
    const marked = await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id), isNull(oidcPayloads.consumedAt)))
      .returning({ id: oidcPayloads.id });
    if (marked.length === 0) throw new errors.InvalidGrant(`${this.model} already used`);
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.grantId, grantId)));
  }
}

/**
 * Moves a live login session's expiry (row and payload `exp`) without rewriting the rest of its payload.
 * A find-then-save from a token request would race the IdP pages that change the session meanwhile (the
 * logout confirmation's xsrf state, or the logout itself, which the save would undo). Returns whether a
 * live session was there to extend.
 */
export async function extendSession(db: Database, uid: string, expiresIn: number): Promise<boolean> {
  const expiresAt = new Date(Date.now() + expiresIn * 1000);
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const extended = await db
    .update(oidcPayloads)
    .set({ expiresAt, payload: sql`jsonb_set(${oidcPayloads.payload}, '{exp}', ${String(exp)}::jsonb)` })
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        eq(oidcPayloads.uid, uid),
        gt(oidcPayloads.expiresAt, new Date()),
      ),
    )
    .returning({ id: oidcPayloads.id });
  return extended.length > 0;
}

/** Deletes expired rows; returns how many went. */
export async function sweepExpired(db: Database): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, new Date()))
    .returning({ id: oidcPayloads.id });
  return gone.length;
}

/**
 * An account switch moves the login session to the chosen account and its new grant, only if the session
 * is still on the account and grant the switch started from: of switches racing on one session, one
 * moves it and the others find it moved. Returns whether this one did.
 */
export async function moveSessionToAccount(
  db: Database,
  move: {
    uid: string;
    clientId: string;
    from: { accountId: string; grantId: string };
    to: { accountId: string; grantId: string };
  },
): Promise<boolean> {
  const grantPath = sql`array['authorizations', ${move.clientId}::text, 'grantId']`;
  const moved = await db
    .update(oidcPayloads)
    .set({
      payload: sql`jsonb_set(jsonb_set(${oidcPayloads.payload}, '{accountId}', to_jsonb(${move.to.accountId}::text)),
        ${grantPath}, to_jsonb(${move.to.grantId}::text))`,
    })
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        eq(oidcPayloads.uid, move.uid),
        gt(oidcPayloads.expiresAt, new Date()),
        sql`${oidcPayloads.payload} ->> 'accountId' = ${move.from.accountId}`,
        sql`${oidcPayloads.payload} #>> ${grantPath} = ${move.from.grantId}`,
      ),
    )
    .returning({ id: oidcPayloads.id });
  return moved.length > 0;
}
