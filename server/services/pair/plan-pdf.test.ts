import { describe, expect, it } from 'vitest';
import { counted, thresholdLine } from './plan-pdf';

describe('the signed PAIR document wording', () => {
  it('counts units under the Italian plural rules: "1 giorno", not "1 giorni"', () => {
    expect(counted(1, 'intervalUnit', 'd')).toBe('1 giorno');
    expect(counted(2, 'intervalUnit', 'd')).toBe('2 giorni');
    expect(counted(1, 'intervalUnit', 'min')).toBe('1 minuto');
    expect(counted(1, 'lengthUnit', 'm')).toBe('1 metro');
    expect(counted(0, 'intervalUnit', 's')).toBe('0 secondi');
  });

  it('says a PRIpri threshold in words', () => {
    expect(thresholdLine({ index: 'BERG', green: 45, red: 30 })).toBe(
      'Scala di Berg: verde (buono) da 45 in su, giallo tra 30 e 45, rosso sotto 30',
    );
    expect(thresholdLine({ index: 'BARTHEL', green: 60, red: 60 })).toBe(
      'Indice di Barthel: verde (buono) da 60 in su, rosso sotto 60',
    );
  });
});
