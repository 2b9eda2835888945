/** The calendar date in the hospital's time zone: a card is due until the end of its date in Italy. */
export function romeDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}
