import type { Database } from '../client';
import { smartApps } from '../schema';

/** The demo's third-party app: a public one (PKCE, no secret), for a page on this machine. */
export const DEMO_SMART_APP = {
  clientId: 'diario-salute',
  name: 'Diario Salute',
  redirectUri: 'http://localhost:9876/diario/app.html',
} as const;

/** One registered app, so `npm start` shows it in Registered apps and a SMART client can launch. */
export async function seedSmartApps(db: Database): Promise<void> {
  await db.insert(smartApps).values({
    clientId: DEMO_SMART_APP.clientId,
    name: DEMO_SMART_APP.name,
    redirectUris: [DEMO_SMART_APP.redirectUri],
    confidential: false,
    clientSecret: null,
  });
}
