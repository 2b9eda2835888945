import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from '../app-env';
import { loadConfig } from '../config';
import { securityHeaders } from './security-headers';

/** The middleware alone, with the configuration it reads (no database needed). */
function appAt(publicUrl: string, env: Record<string, string> = {}): Hono<AppEnv> {
  const config = loadConfig({ PUBLIC_URL: publicUrl, DEMO_MODE: 'false', ...env });
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

  it('isolates every reply: opener policy same-origin, resource policy same-origin', async () => {
    for (const path of ['/', '/patients/1', '/api/me', '/assets/index.js', '/healthz']) {
      const response = await appAt('https://dossier.example.org').request(path);
      expect(response.headers.get('Cross-Origin-Opener-Policy'), path).toBe('same-origin');
      expect(response.headers.get('Cross-Origin-Resource-Policy'), path).toBe('same-origin');
    }
  });

  it('keeps the opener of a window launched by an application of another origin (context sharing)', async () => {
    const jwks = JSON.stringify({ keys: [] });
    const launched = (env: Record<string, string>) =>
      appAt('https://dossier.example.org', { CDC_LAUNCHER_JWKS: jwks, ...env }).request('/cdc/discovery');
    // The launcher's origin is another one, or not told (the logout message then goes to any opener).
    const origins: Record<string, string>[] = [{ CDC_OPENER_ORIGIN: 'https://his.example.org' }, {}];
    for (const env of origins) {
      const response = await launched(env);
      expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none');
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    }
    const sameOrigin = await launched({ CDC_OPENER_ORIGIN: 'https://dossier.example.org' });
    expect(sameOrigin.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });

  it('lets the portal’s pages add style elements (Ionic) but no style attribute', async () => {
    const csp = (await appAt('https://dossier.example.org').request('/')).headers.get(
      'Content-Security-Policy',
    );
    const directives = csp?.split('; ') ?? [];
    expect(directives).toContain("style-src 'self' 'unsafe-inline'");
    expect(directives).toContain("style-src-attr 'none'");
  });
});
