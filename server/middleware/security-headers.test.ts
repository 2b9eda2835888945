import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from '../app-env';
import { loadConfig } from '../config';
import { securityHeaders } from './security-headers';

/** The middleware alone, with the configuration it reads (no database needed). */
function appAt(publicUrl: string): Hono<AppEnv> {
  const config = loadConfig({ PUBLIC_URL: publicUrl, DEMO_MODE: 'false' });
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', { config } as AppDeps);
      await next();
    })
    .use(securityHeaders())
    .get('*', (c) => c.text('ok'));
}

describe('security headers', () => {
  it('asks browsers for https only (HSTS) when the portal is served over https', async () => {
    for (const path of ['/', '/api/me', '/healthz']) {
      const response = await appAt('https://dossier.example.org').request(path);
      expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sends no HSTS over plain http (localhost)', async () => {
    const response = await appAt('http://localhost:8080').request('/');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });
});
