import { z } from 'zod';

export const CALENDAR_MESSAGES = {
  kind: 'kind must be "ics" or "caldav"',
  url: 'url must be an http(s) address of an iCalendar feed or a CalDAV server',
  urlPrivate: 'url must not point to a private, loopback or link-local address',
  username: 'username is required for a CalDAV calendar',
  password: 'password is required for a CalDAV calendar',
  calendar: 'calendar must be a calendar name or URL of at most 500 characters',
  writeBackIcs: 'write_back needs a CalDAV calendar (an iCalendar feed is read-only)',
  tooMany: (n: number) => `A creator connects at most ${n} calendars`,
  notFound: 'Calendar connection not found',
} as const;

const text = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : (v ?? undefined)),
    z.string({ error: message }).trim().max(max, message).optional());

export const ConnectCalendarSchema = z.object({
  kind: z.enum(['ics', 'caldav'], { error: CALENDAR_MESSAGES.kind }),
  url: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^webcals?:\/\//i, 'https://') : v),
    z.string({ error: CALENDAR_MESSAGES.url }).max(2000, CALENDAR_MESSAGES.url).refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
      } catch {
        return false;
      }
    }, CALENDAR_MESSAGES.url),
  ),
  username: text(CALENDAR_MESSAGES.username, 200),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: CALENDAR_MESSAGES.password }).max(1000, CALENDAR_MESSAGES.password).optional()),
  calendar: text(CALENDAR_MESSAGES.calendar, 500),
  writeBack: z.preprocess((v) => v ?? undefined, z.boolean({ error: 'write_back must be true or false' }).optional()),
});

export type ConnectCalendarInput = {
  kind?: string | null;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  calendar?: string | null;
  writeBack?: boolean | null;
};
