import {
  createCalendarObject,
  createDAVClient,
  deleteCalendarObject,
  fetchCalendarObjects,
  getBasicAuthHeaders,
  propfind,
  updateCalendarObject,
  type DAVCalendar,
} from 'tsdav';

/** One CalDAV calendar reached with Basic credentials through a guarded fetch (tsdav). */
export interface CalDavTarget {
  calendarUrl: string;
  username: string;
  password: string;
  fetch: typeof fetch;
}

export interface FoundCalendar {
  url: string;
  displayName: string;
}

/**
 * Finds the calendar to read: service discovery from `serverUrl` (or the calendar's own URL), then
 * the one named `wanted` (display name or URL), else the one at `serverUrl`, else the first that
 * holds events.
 */
export async function discoverCalendar(serverUrl: string, username: string, password: string, wanted: string | null, fetchFn: typeof fetch): Promise<FoundCalendar> {
  const client = await createDAVClient({
    serverUrl,
    credentials: { username, password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
    fetch: fetchFn,
  });
  const calendars = (await client.fetchCalendars()).filter((c) => !c.components || c.components.includes('VEVENT'));
  const name = (c: DAVCalendar) => (typeof c.displayName === 'string' ? c.displayName : '');
  const same = (a: string, b: string) => trimSlash(a) === trimSlash(b);
  const found = (wanted ? calendars.find((c) => name(c) === wanted || same(c.url, wanted) || same(new URL(c.url, serverUrl).href, wanted)) : undefined)
    ?? (wanted ? undefined : calendars.find((c) => same(new URL(c.url, serverUrl).href, serverUrl)))
    ?? (wanted ? undefined : calendars[0]);
  if (!found) throw new Error(wanted ? `no calendar named "${wanted}" on this CalDAV server` : 'no calendar with events on this CalDAV server');
  return { url: new URL(found.url, serverUrl).href, displayName: name(found) };
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');
const auth = (t: CalDavTarget) => getBasicAuthHeaders({ username: t.username, password: t.password }) as Record<string, string>;

/** The calendar's change markers in one small PROPFIND (depth 0): CalendarServer's ctag and the WebDAV sync-token. */
export async function changeMarkers(t: CalDavTarget): Promise<{ ctag: string | null; syncToken: string | null }> {
  const [answer] = await propfind({
    url: t.calendarUrl,
    props: { 'cs:getctag': {}, 'd:sync-token': {} },
    depth: '0',
    headers: auth(t),
    fetch: t.fetch,
  });
  if (!answer?.ok) throw new Error(`CalDAV PROPFIND answered ${answer?.status ?? 'nothing'}${answer?.statusText ? ` ${answer.statusText}` : ''}`);
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  return { ctag: text(answer.props?.getctag), syncToken: text(answer.props?.syncToken) };
}

/** The iCalendar texts of the calendar's events overlapping [from, to) (calendar-query with a time range). */
export async function eventTexts(t: CalDavTarget, window: { from: Date; to: Date }): Promise<string[]> {
  const objects = await fetchCalendarObjects({
    calendar: { url: t.calendarUrl } as DAVCalendar,
    timeRange: { start: window.from.toISOString(), end: window.to.toISOString() },
    headers: auth(t),
    fetch: t.fetch,
  });
  return objects.map((o) => (typeof o.data === 'string' ? o.data : '')).filter((d) => d.includes('BEGIN:VCALENDAR'));
}

/** Writes (creates or replaces) the event `<uid>.ics`; returns its URL and ETag. */
export async function putEvent(t: CalDavTarget, uid: string, ics: string, existing: { url: string; etag: string | null } | null): Promise<{ url: string; etag: string | null }> {
  const filename = `${encodeURIComponent(uid)}.ics`;
  const res = existing
    ? await updateCalendarObject({ calendarObject: { url: existing.url, data: ics }, headers: auth(t), fetch: t.fetch })
    : await createCalendarObject({ calendar: { url: t.calendarUrl } as DAVCalendar, filename, iCalString: ics, headers: auth(t), fetch: t.fetch });
  if (!res.ok) throw new Error(`CalDAV PUT answered ${res.status}`);
  const url = existing?.url ?? new URL(filename, t.calendarUrl.endsWith('/') ? t.calendarUrl : `${t.calendarUrl}/`).href;
  return { url, etag: res.headers.get('etag') };
}

export async function removeEvent(t: CalDavTarget, url: string): Promise<void> {
  const res = await deleteCalendarObject({ calendarObject: { url, data: '' }, headers: auth(t), fetch: t.fetch });
  if (!res.ok && res.status !== 404 && res.status !== 410) throw new Error(`CalDAV DELETE answered ${res.status}`);
}
