import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client';
import { pushKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The portal's VAPID keys: made at the first start and kept, since every subscription is bound to the
 * public key. Several processes starting at once agree on the first row written.
 */
export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ name: 'vapid', publicKey: fresh.publicKey, privateKey: fresh.privateKey })
    .onConflictDoNothing();
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.name, 'vapid'));
  if (!row) throw new Error('VAPID keys not stored');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}
