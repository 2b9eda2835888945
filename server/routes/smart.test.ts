import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';

describe.each(databaseTargets)('SMART discovery on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location, {}, {}, { seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the smart-configuration without a token, as JSON, whatever is accepted', async () => {
    const response = await ctx.app.request('/fhir/.well-known/smart-configuration', {
      headers: { Accept: 'text/html', Origin: 'https://app.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      issuer: 'http://localhost/idp',
      authorization_endpoint: 'http://localhost/idp/auth',
      token_endpoint: 'http://localhost/idp/token',
      revocation_endpoint: 'http://localhost/idp/token/revocation',
      jwks_uri: 'http://localhost/idp/jwks',
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
    });
    expect(body.capabilities).toEqual(
      expect.arrayContaining([
        'launch-standalone',
        'client-public',
        'client-confidential-symmetric',
        'context-standalone-patient',
        'permission-v2',
        'permission-v1',
        'permission-patient',
        'sso-openid-connect',
        'permission-offline',
      ]),
    );
    expect(body.scopes_supported).toEqual(
      expect.arrayContaining(['launch/patient', 'patient/*.rs', 'fhirUser']),
    );
  });

  it('has none with an external issuer: that issuer is no SMART authorization server of ours', async () => {
    const external = await createTestContext(
      location,
      { oidcIssuer: 'https://sso.example' },
      {},
      { seed: false },
    );
    try {
      expect((await external.app.request('/fhir/.well-known/smart-configuration')).status).toBe(404);
    } finally {
      await external.close();
    }
  });
});
