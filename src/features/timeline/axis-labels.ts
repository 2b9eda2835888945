/**
 * Axis labels in the interface language, with Intl rather than moment locales (the bundled moment
 * does not pick up a locale imported beside it).
 */
import type { TimelineFormatOption } from 'vis-timeline';

type Scale = 'millisecond' | 'second' | 'minute' | 'hour' | 'weekday' | 'day' | 'week' | 'month' | 'year';

const MINOR: Readonly<Record<Scale, Intl.DateTimeFormatOptions>> = {
  millisecond: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  second: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  minute: { hour: '2-digit', minute: '2-digit' },
  hour: { hour: '2-digit', minute: '2-digit' },
  weekday: { weekday: 'short', day: 'numeric' },
  day: { day: 'numeric' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short' },
  year: { year: 'numeric' },
};

const MAJOR: Readonly<Record<Scale, Intl.DateTimeFormatOptions | null>> = {
  millisecond: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  second: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  minute: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  hour: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  weekday: { month: 'long', year: 'numeric' },
  day: { month: 'long', year: 'numeric' },
  week: { month: 'long', year: 'numeric' },
  month: { year: 'numeric' },
  year: null,
};

function isScale(value: string): value is Scale {
  return value in MINOR;
}

function toMs(date: unknown): number {
  if (date instanceof Date) return date.getTime();
  if (typeof date === 'object' && date !== null) return Number(date.valueOf());
  return Number(date);
}

/**
 * vis-timeline's `format` option: minor and major labels per scale, in `locale`. The formatters are made
 * once per scale: making one per label, at every frame of a zoom, was most of the axis's redraw.
 */
export function axisFormat(locale: string): TimelineFormatOption {
  const label = (table: Readonly<Record<Scale, Intl.DateTimeFormatOptions | null>>) => {
    const formatters = new Map<Scale, Intl.DateTimeFormat>();
    return (date: unknown, scale: string): string => {
      const options = isScale(scale) ? table[scale] : null;
      if (!isScale(scale) || !options) return '';
      let formatter = formatters.get(scale);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat(locale, options);
        formatters.set(scale, formatter);
      }
      return formatter.format(toMs(date));
    };
  };
  return { minorLabels: label(MINOR), majorLabels: label(MAJOR) };
}
