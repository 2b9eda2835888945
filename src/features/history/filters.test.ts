import { describe, expect, it } from 'vitest';
import { filterParams, NO_FILTERS, periodError } from './filters';

describe('treatment history filters', () => {
  it('refuses a period whose start follows its end', () => {
    expect(periodError({ dateFrom: '2025-05-02', dateTo: '2025-05-01' })?.message).toBe(
      'Il periodo di date inserito non è corretto',
    );
    expect(periodError({ dateFrom: '2025-05-01', dateTo: '2025-05-01' })).toBeNull();
    expect(periodError({ dateFrom: '2025-05-01', dateTo: '' })).toBeNull();
  });

  it('sends only the filters that are set', () => {
    expect(filterParams({ ...NO_FILTERS, userRole: 'PHY', dateFrom: '2025-01-01' })).toEqual({
      userRole: 'PHY',
      dateFrom: '2025-01-01',
    });
  });
});
