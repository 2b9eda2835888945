import { describe, expect, it } from 'vitest';
import { dispositionName, FHIR_JSON, fhirJsonFile, summaryFileName, timestampOf } from './files';

describe('the summary files', () => {
  it("names a file by the day the summary was made, Rome's day, else today's", () => {
    expect(summaryFileName('2026-11-28T10:05:00Z', 'json')).toBe('sintesi-2026-11-28.json');
    // 23:30 UTC on the 28th is already the 29th in Rome.
    expect(summaryFileName('2026-11-28T23:30:00Z', 'pdf')).toBe('sintesi-2026-11-29.pdf');
    const now = new Date('2026-03-01T09:00:00Z');
    expect(summaryFileName(undefined, 'json', now)).toBe('sintesi-2026-03-01.json');
    expect(summaryFileName('not a date', 'json', now)).toBe('sintesi-2026-03-01.json');
    expect(timestampOf({ timestamp: '2026-11-28T10:05:00Z' })).toBe('2026-11-28T10:05:00Z');
    expect(timestampOf('text')).toBeUndefined();
  });

  it('saves the bundle as it came, as FHIR JSON', async () => {
    const bundle = { resourceType: 'Bundle', type: 'document', entry: [{ fullUrl: 'urn:uuid:1' }] };
    const file = fhirJsonFile(bundle);
    expect(file.type).toBe(FHIR_JSON);
    expect(JSON.parse(await file.text())).toEqual(bundle);
  });

  it("takes the server's file name from Content-Disposition", () => {
    expect(dispositionName('attachment; filename="sintesi-2026-11-28.pdf"', 'x.pdf')).toBe(
      'sintesi-2026-11-28.pdf',
    );
    expect(dispositionName("attachment; filename*=UTF-8''sintesi%20a.pdf", 'x.pdf')).toBe('sintesi a.pdf');
    expect(dispositionName(null, 'x.pdf')).toBe('x.pdf');
  });
});
