/**
 * "Aggiungi al calendario": a booked visit as an iCalendar file (RFC 5545) the device's calendar opens.
 * It names no one and nothing clinical (a calendar may be synced far from the portal): a video visit,
 * the time, and the portal's address.
 */
import { saveBlob } from '../../ui/save-file';

const VISIT_MINUTES = 30;

function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\n/g, '\\n');
}

export function visitCalendar(visit: {
  id: number;
  scheduledAt: string;
  summary: string;
  description: string;
  url: string;
}): string {
  const start = new Date(visit.scheduledAt);
  const end = new Date(start.getTime() + VISIT_MINUTES * 60_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fascicolo//Videovisite//IT',
    'BEGIN:VEVENT',
    `UID:visit-${visit.id}@${new URL(visit.url).host}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(visit.summary)}`,
    `DESCRIPTION:${escapeText(visit.description)}`,
    `URL:${visit.url}`,
    'BEGIN:VALARM',
    'TRIGGER:-PT15M',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(visit.summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Hands the file to the browser as a download (`videovisita.ics`). */
export function downloadCalendar(content: string, fileName = 'videovisita.ics'): void {
  saveBlob(new Blob([content], { type: 'text/calendar;charset=utf-8' }), fileName);
}
