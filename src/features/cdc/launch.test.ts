import { describe, expect, it } from 'vitest';
import { launchOf, targetOf } from './launch';

describe('context-sharing launch addresses', () => {
  it('reads the token of /cdc/discovery and the id of /mecdc', () => {
    expect(launchOf('/cdc/discovery', '?token=a.b.c')).toEqual({ kind: 'token', token: 'a.b.c' });
    expect(launchOf('/mecdc', '?id=AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      kind: 'context',
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
    });
  });

  it('has no launch without its parameter', () => {
    expect(launchOf('/cdc/discovery', '')).toBeNull();
    expect(launchOf('/mecdc', '?token=a.b.c')).toBeNull();
  });

  it("opens the allow-listed page about the launch's patient", () => {
    expect(targetOf('dossier', 12)).toBe('/dossier/12');
    expect(targetOf('timeline', 12)).toBe('/timeline/12');
    expect(targetOf('consents', 12)).toBe('/patientConsents/12');
    expect(targetOf('patientInfo', 12)).toBe('/patientInfo/12');
  });
});
