import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { issuerOf } from '../config';
import { smartConfiguration } from '../services/apps/discovery';

/**
 * SMART on FHIR discovery (`/fhir/.well-known/smart-configuration`, no token, always JSON), mounted before
 * the FHIR routes and their token check. The embedded IdP's endpoints; none with an external issuer.
 */
export const smartRoutes = new Hono<AppEnv>().get('/.well-known/smart-configuration', (c) => {
  const { config } = c.get('deps');
  if (config.oidcIssuer) return c.json({ error: 'no SMART authorization server here' }, 404);
  return c.json(smartConfiguration(issuerOf(config)), 200, { 'Cache-Control': 'no-cache' });
});
