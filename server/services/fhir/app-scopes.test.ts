import { describe, expect, it } from 'vitest';
import { appAllows } from './app-scopes';

const app = (scopes: string[]) => ({ clientId: 'c', name: 'App', patientId: 1, scopes });

describe('appAllows', () => {
  it('lets the portal’s own tokens through', () => {
    expect(appAllows(undefined, 'Observation', 's')).toBe(true);
  });
  it('reads v2 permissions letter by letter', () => {
    expect(appAllows(app(['patient/Observation.rs']), 'Observation', 'r')).toBe(true);
    expect(appAllows(app(['patient/Observation.r']), 'Observation', 's')).toBe(false);
    expect(appAllows(app(['patient/Observation.s']), 'Observation', 'r')).toBe(false);
    expect(appAllows(app(['patient/Observation.rs']), 'Condition', 'r')).toBe(false);
  });
  it('takes the wildcard type and v1 names', () => {
    expect(appAllows(app(['patient/*.rs']), 'AuditEvent', 's')).toBe(true);
    expect(appAllows(app(['patient/Patient.read']), 'Patient', 's')).toBe(true);
    expect(appAllows(app(['patient/Patient.write']), 'Patient', 'r')).toBe(false);
  });
  it('grants nothing for other contexts, granular scopes or other scopes', () => {
    expect(appAllows(app(['user/Observation.rs']), 'Observation', 'r')).toBe(false);
    expect(appAllows(app(['patient/Observation.rs?category=laboratory']), 'Observation', 'r')).toBe(false);
    expect(appAllows(app(['openid', 'launch/patient', 'offline_access']), 'Patient', 'r')).toBe(false);
  });
});
