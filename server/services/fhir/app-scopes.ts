import type { AppAuthorization } from '../../auth/principal';

/** FHIR interactions as SMART v2 names them: read (r) and search (s) are all this endpoint serves. */
export type ScopeInteraction = 'r' | 's';

const V1_TO_V2: Record<string, string> = { read: 'rs', write: 'cud', '*': 'cruds' };

/**
 * Whether one granted scope (SMART App Launch 2.2 §3: `patient/<type|*>.<cruds>`, or the v1
 * `.read`/`.write`/`.*`) covers this resource type and interaction. Granular scopes (`?category=…`) are
 * never granted here (the resource server does not list them), so a scope with a query covers nothing.
 */
function covers(scope: string, resourceType: string, interaction: ScopeInteraction): boolean {
  const match = /^patient\/([A-Za-z]+|\*)\.([a-z*]+)$/.exec(scope);
  if (!match) return false;
  const [, type, rawPermissions] = match as unknown as [string, string, string];
  if (type !== '*' && type !== resourceType) return false;
  const permissions = V1_TO_V2[rawPermissions] ?? rawPermissions;
  return permissions.includes(interaction);
}

/**
 * Whether a caller may do this interaction on this resource type: the portal's own tokens (no app) may,
 * as the portal's rules decide; an app only within its granted scopes.
 */
export function appAllows(
  app: AppAuthorization | undefined,
  resourceType: string,
  interaction: ScopeInteraction,
): boolean {
  return app === undefined || app.scopes.some((scope) => covers(scope, resourceType, interaction));
}
