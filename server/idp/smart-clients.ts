import { and, eq, isNull } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { smartApps } from '../db/schema';
import { SIGNING_ALG } from './keys';

/**
 * What a third-party app may ask besides the FHIR scopes: who the user is, a patient to read, offline
 * access. Anything else of the provider's (profile, email) is refused as `invalid_scope`.
 */
export const APP_OIDC_SCOPES = 'openid fhirUser launch/patient offline_access';

type AppRow = typeof smartApps.$inferSelect;

/** oidc-provider's client metadata for a registered app. */
export function appClientMetadata(app: AppRow): AdapterPayload {
  return {
    client_id: app.clientId,
    client_name: app.name,
    // 'web': redirect URIs compare exactly, the loopback port included (a native client's would not).
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: app.redirectUris,
    scope: APP_OIDC_SCOPES,
    id_token_signed_response_alg: SIGNING_ALG,
    ...(app.confidential && app.clientSecret
      ? { token_endpoint_auth_method: 'client_secret_basic', client_secret: app.clientSecret }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/**
 * The provider's 'Client' model on `smart_apps`: the registered apps, read on each lookup (the provider
 * caches a client by its metadata, so a changed row is a new client). A disabled app is not found: it
 * cannot start an authorization, refresh or revoke. The portal itself is a static client and never
 * reaches here. Read-only: apps are registered by administrators, never through the provider.
 */
export class SmartClientAdapter implements Adapter {
  constructor(private readonly db: Database) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const [app] = await this.db
      .select()
      .from(smartApps)
      .where(and(eq(smartApps.clientId, id), isNull(smartApps.disabledAt)))
      .limit(1);
    return app ? appClientMetadata(app) : undefined;
  }

  async upsert(): Promise<void> {
    throw new Error('apps are registered by administrators');
  }

  async findByUid(): Promise<undefined> {
    return undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(): Promise<void> {}

  async destroy(): Promise<void> {}

  async revokeByGrantId(): Promise<void> {}
}
