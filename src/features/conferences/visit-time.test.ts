import { describe, expect, it } from 'vitest';
import { visitJoinOpensAt, visitStart } from '../../contract/conferences';
import { visitCalendar } from './calendar-file';
import { bookingBounds, hospitalParts } from './visit-time';

describe('booked visit times (Europe/Rome)', () => {
  it('turns the hospital wall clock into the instant, in winter and in summer time', () => {
    expect(visitStart('2026-11-28', '15:30').toISOString()).toBe('2026-11-28T14:30:00.000Z');
    expect(visitStart('2026-07-01', '15:30').toISOString()).toBe('2026-07-01T13:30:00.000Z');
    // The night the clocks go back and forward.
    expect(visitStart('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(visitStart('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(Number.isNaN(visitStart('2026-13-40', '25:00').getTime())).toBe(true);
  });

  it('shows an instant on the hospital clock and opens the join 10 minutes before', () => {
    expect(hospitalParts('2026-11-28T14:30:00Z')).toEqual({ date: '2026-11-28', time: '15:30' });
    expect(hospitalParts('2026-11-28T23:30:00Z')).toEqual({ date: '2026-11-29', time: '00:30' });
    expect(visitJoinOpensAt(new Date('2026-11-28T14:30:00Z')).toISOString()).toBe('2026-11-28T14:20:00.000Z');
    expect(bookingBounds(new Date('2026-11-27T22:30:00Z'))).toEqual({
      min: '2026-11-27',
      max: '2027-02-25',
      proposed: '2026-11-28',
    });
  });

  it('writes a calendar file with the time and no names', () => {
    const ics = visitCalendar({
      id: 9,
      scheduledAt: '2026-11-28T14:30:00.000Z',
      summary: 'Videovisita',
      description: 'Entra dal Fascicolo, da 10 minuti prima.',
      url: 'https://portale.example.org/videoconference',
    });
    expect(ics).toContain('DTSTART:20261128T143000Z\r\n');
    expect(ics).toContain('DTEND:20261128T150000Z\r\n');
    expect(ics).toContain('UID:visit-9@portale.example.org');
    expect(ics).toContain('DESCRIPTION:Entra dal Fascicolo\\, da 10 minuti prima.');
  });
});
