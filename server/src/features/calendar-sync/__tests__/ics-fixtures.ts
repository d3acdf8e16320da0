/** iCalendar texts for tests (CRLF lines, as feeds send them). */
export const vcalendar = (...parts: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//CollabHub tests//EN', ...parts.filter(Boolean), 'END:VCALENDAR', ''].join('\r\n');

export function vevent(e: { uid: string; start: string; end?: string; summary?: string; extra?: string[] }): string {
  const prop = (name: string, value: string) => (value.includes(':') ? `${name};${value}` : `${name}:${value}`);
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    'DTSTAMP:20260101T000000Z',
    prop('DTSTART', e.start),
    ...(e.end ? [prop('DTEND', e.end)] : []),
    `SUMMARY:${e.summary ?? 'Busy'}`,
    ...(e.extra ?? []),
    'END:VEVENT',
  ].join('\r\n');
}
