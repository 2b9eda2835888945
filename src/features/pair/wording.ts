/**
 * Quantities, monitoring ranges and PRIpri thresholds in words for the reader: "1 giorno", not
 * "1 giorni" (the language's plural rules), and "Scala di Berg: verde (buono) da 45 in su, …", not the
 * stored numbers side by side.
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** Units of the form's intervals and lengths (UCUM codes, `GET /codingSchema`), counted. */
export function quantityText(i18n: I18n, value: number, unit: string, fallbackUnit: string): string {
  switch (unit) {
    case 's':
      return i18n._(msg`${plural(value, { one: '# secondo', other: '# secondi' })}`);
    case 'min':
      return i18n._(msg`${plural(value, { one: '# minuto', other: '# minuti' })}`);
    case 'h':
      return i18n._(msg`${plural(value, { one: '# ora', other: '# ore' })}`);
    case 'd':
      return i18n._(msg`${plural(value, { one: '# giorno', other: '# giorni' })}`);
    case 'm':
      return i18n._(msg`${plural(value, { one: '# metro', other: '# metri' })}`);
    default:
      return `${value} ${fallbackUnit}`.trim();
  }
}

/** "3 serie da 1 ripetizione". */
export function seriesText(i18n: I18n, series: number, repetitions: number): string {
  return i18n._(
    msg`${plural(series, { one: '# serie', other: '# serie' })} da ${plural(repetitions, { one: '# ripetizione', other: '# ripetizioni' })}`,
  );
}

/** A measure with its unit: "120 bpm", "95%"; a scale's range ("0-56") is not a unit of the value. */
export function measureText(value: number, unit: string): string {
  if (unit === '' || /^\d+-\d+$/.test(unit)) return String(value);
  if (unit === '%' || unit === '°') return `${value}${unit}`;
  return `${value} ${unit}`;
}

/** The index's name, with the scale's range when its unit is one ("Scala di Berg (da 0 a 56)"). */
function indexName(i18n: I18n, name: string, unit: string): string {
  const range = /^(\d+)-(\d+)$/.exec(unit);
  if (!range) return name;
  const [, low = '', high = ''] = range;
  return i18n._(msg`${name} (da ${low} a ${high})`);
}

/** A monitoring index of an exercise: "Frequenza cardiaca tra 60 e 120 bpm". */
export function rangeText(
  i18n: I18n,
  item: { name: string; unit: string; min: number; max: number },
): string {
  const name = indexName(i18n, item.name, item.unit);
  // "tra 60 e 120 bpm", "tra 92% e 100%": a word unit is said once, after the upper bound.
  const min = item.unit === '%' || item.unit === '°' ? measureText(item.min, item.unit) : String(item.min);
  const max = measureText(item.max, item.unit);
  return i18n._(msg`${name} tra ${min} e ${max}`);
}

/**
 * A PRIpri threshold in words (higher is better): at or above `green` green, below `red` red, between
 * yellow. Without a yellow band when both are the same.
 */
export function thresholdText(
  i18n: I18n,
  item: { name: string; unit: string; green: number; red: number },
): string {
  const name = indexName(i18n, item.name, item.unit);
  const green = measureText(item.green, item.unit);
  const red = measureText(item.red, item.unit);
  if (item.red === item.green)
    return i18n._(msg`${name}: verde (buono) da ${green} in su, rosso sotto ${red}`);
  return i18n._(
    msg`${name}: verde (buono) da ${green} in su, giallo tra ${red} e ${green}, rosso sotto ${red}`,
  );
}
