import { describe, expect, it } from 'vitest';
import { loadConfig, unsafeConfigReason } from './config';

describe('server configuration', () => {
  it('binds 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps the demo mode as the default on localhost', () => {
    for (const url of [
      undefined,
      'http://localhost:8080',
      'http://127.0.0.1:8206',
      'http://portal.localhost',
    ]) {
      const config = loadConfig(url ? { PUBLIC_URL: url } : {});
      expect(config.demoMode).toBe(true);
      expect(unsafeConfigReason(config)).toBeNull();
    }
  });

  it('refuses the demo mode with a PUBLIC_URL that is not localhost', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://dossier.example.org' });
    expect(unsafeConfigReason(config)).toMatch(/DEMO_MODE.*https:\/\/dossier\.example\.org.*DEMO_MODE=false/);
    expect(
      unsafeConfigReason(loadConfig({ PUBLIC_URL: 'http://192.168.1.10:8080', DEMO_MODE: 'true' })),
    ).not.toBeNull();
    expect(
      unsafeConfigReason(loadConfig({ PUBLIC_URL: 'https://dossier.example.org', DEMO_MODE: 'false' })),
    ).toBeNull();
    expect(unsafeConfigReason(loadConfig({ PUBLIC_URL: 'not a url', DEMO_MODE: 'false' }))).toMatch(
      /not a URL/,
    );
  });

  it('reads the load-shedding settings, with defaults for anything not a positive integer', () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutMs: 30_000, maxInFlight: 100 });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000', MAX_IN_FLIGHT: '8' })).toMatchObject({
      requestTimeoutMs: 5000,
      maxInFlight: 8,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '-1', MAX_IN_FLIGHT: 'lots' })).toMatchObject({
      requestTimeoutMs: 30_000,
      maxInFlight: 100,
    });
  });
});
