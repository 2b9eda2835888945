import { asc, eq } from 'drizzle-orm';
import type { PaiType } from '../../../src/contract';
import type { Database } from '../../db/client';
import { paiTypes } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toPaiType } from './plans';

/** `GET /pais/paiTypes`: reference data, the same for every caller (no patient data in it). */
export async function listPaiTypes(db: Database): Promise<PaiType[]> {
  const rows = await db.select().from(paiTypes).orderBy(asc(paiTypes.name));
  return rows.map(toPaiType);
}

export async function paiType(db: Database, id: number): Promise<PaiType> {
  const [row] = await db.select().from(paiTypes).where(eq(paiTypes.id, id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return toPaiType(row);
}
