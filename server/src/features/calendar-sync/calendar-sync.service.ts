import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/shared/clock';
import type { ServiceContext } from '../../platform/shared/context';
import { badInput, notFound } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import type { SecretBox } from '../../platform/security/secret-box';
import type { SchedulingService } from '../availability';
import { Profile } from '../profiles';
import { firstForbiddenAddress } from '../webhooks';
import { CalendarConnection } from './calendar-connection.entity';
import { CALENDAR_MESSAGES as MSG, ConnectCalendarSchema, type ConnectCalendarInput } from './calendar-sync.inputs';
import { changeMarkers, discoverCalendar, eventTexts, type CalDavTarget } from './caldav';
import { guardedFetch, type FetchLimits } from './guarded-fetch';
import { busyFromICalendar, type ParsedFeed } from './ics-busy';

export interface CalendarSyncDeps {
  clock: Clock;
  logger: Logger;
  scheduling: SchedulingService;
  /** Seals CalDAV passwords with SECRETS_KEY (AES-256-GCM, bound to the connection's id). */
  secrets: SecretBox;
  fetchLimits: FetchLimits;
  /** Sync interval when a feed names none (seconds). */
  defaultIntervalSeconds: number;
}

const MAX_CONNECTIONS = 20;
const MIN_INTERVAL_S = 5 * 60;
const MAX_INTERVAL_S = 24 * 3600;
/** After a failure the next attempt comes sooner than a full interval (but not at once). */
const RETRY_AFTER_FAILURE_S = 5 * 60;
/** Busy times are read from a day ago to past the longest booking horizon (730 days). */
const WINDOW_BACK_MS = 86_400_000;
const WINDOW_AHEAD_MS = 732 * 86_400_000;
const DUE_PER_RUN = 25;

type Outcome = { kind: 'changed'; parsed: ParsedFeed; markers: Partial<CalendarConnection> } | { kind: 'unchanged'; markers: Partial<CalendarConnection> };

/**
 * Connected calendars (issue 30): a creator's iCalendar feeds and CalDAV calendars become busy
 * ranges (the availability feature's blocks of source `calendar:<id>`), synced on a schedule (the
 * feed's REFRESH-INTERVAL / X-PUBLISHED-TTL, else CALENDAR_SYNC_INTERVAL_MINUTES), on "Sync now",
 * and when connected. An unchanged feed costs one conditional GET (ETag / Last-Modified: 304), an
 * unchanged CalDAV calendar one depth-0 PROPFIND (ctag / sync-token). A failing sync keeps the
 * last good busy set and records `lastError`.
 */
export class CalendarSyncService {
  private readonly fetch: typeof fetch;

  constructor(private readonly deps: CalendarSyncDeps) {
    this.fetch = guardedFetch(deps.fetchLimits);
  }

  async list(ctx: ServiceContext): Promise<CalendarConnection[]> {
    const profile = await this.deps.scheduling.myCreatorProfile(ctx);
    return ctx.em.find(CalendarConnection, { creatorId: profile.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Connects a calendar and syncs it once before answering (its error, if any, is in lastError). */
  async connect(ctx: ServiceContext, input: ConnectCalendarInput): Promise<CalendarConnection> {
    const profile = await this.deps.scheduling.myCreatorProfile(ctx);
    const data = parseInput(ConnectCalendarSchema, input);
    if (data.kind === 'caldav' && !data.username) throw badInput(MSG.username, 'username');
    if (data.kind === 'caldav' && !data.password) throw badInput(MSG.password, 'password');
    if (data.kind === 'ics' && data.writeBack) throw badInput(MSG.writeBackIcs, 'writeBack');
    if (!this.deps.fetchLimits.allowPrivateAddresses) {
      const forbidden = await firstForbiddenAddress(new URL(data.url).hostname).catch(() => null);
      if (forbidden) throw badInput(MSG.urlPrivate, 'url');
    }
    const count = await ctx.em.count(CalendarConnection, { creatorId: profile.id });
    if (count >= MAX_CONNECTIONS) throw badInput(MSG.tooMany(MAX_CONNECTIONS), 'url');
    const now = this.deps.clock.now();
    const id = randomUUID();
    const connection = ctx.em.create(CalendarConnection, {
      id,
      creatorId: profile.id,
      kind: data.kind,
      url: data.url,
      username: data.kind === 'caldav' ? data.username : null,
      secret: data.kind === 'caldav' && data.password ? this.deps.secrets.seal(data.password, sealedFor(id)) : null,
      calendar: data.calendar ?? null,
      writeBack: data.writeBack ?? false,
      nextSyncAt: now,
      createdAt: now,
    });
    await ctx.em.flush();
    await this.sync(ctx.em, connection, profile.timezone);
    return connection;
  }

  /** "Sync now": answers when the sync is done (its outcome in lastSyncedAt / lastError). */
  async syncNow(ctx: ServiceContext, id: string): Promise<CalendarConnection> {
    const profile = await this.deps.scheduling.myCreatorProfile(ctx);
    const connection = await this.own(ctx.em, profile.id, id);
    await this.sync(ctx.em, connection, profile.timezone);
    return connection;
  }

  /** Removes the connection and its busy times. */
  async remove(ctx: ServiceContext, id: string): Promise<boolean> {
    const profile = await this.deps.scheduling.myCreatorProfile(ctx);
    const connection = await this.own(ctx.em, profile.id, id);
    let changed = false;
    await ctx.em.transactional(async (em) => {
      changed = await this.deps.scheduling.replaceBusyRanges(em, profile.id, sourceOf(connection), []);
      await em.nativeDelete(CalendarConnection, { id: connection.id });
    });
    if (changed) await this.deps.scheduling.slotsChanged(profile.id);
    return true;
  }

  /** The job: every connection whose time has come is synced (a few per run, oldest due first). */
  async syncDue(em: EntityManager, now: Date): Promise<number> {
    const due = await em.find(CalendarConnection, { nextSyncAt: { $lte: now } }, { orderBy: { nextSyncAt: 'asc' }, limit: DUE_PER_RUN });
    for (const connection of due) {
      const profile = await em.findOne(Profile, { id: connection.creatorId });
      if (!profile) continue;
      await this.sync(em.fork(), connection, profile.timezone);
    }
    return due.length;
  }

  /** The decrypted CalDAV target of a connection (write-back uses it too). */
  target(connection: CalendarConnection): CalDavTarget {
    return {
      calendarUrl: connection.calendarUrl ?? connection.url,
      username: connection.username ?? '',
      password: connection.secret ? this.deps.secrets.open(connection.secret, sealedFor(connection.id)) : '',
      fetch: this.fetch,
    };
  }

  get guardedFetch(): typeof fetch {
    return this.fetch;
  }

  private async sync(em: EntityManager, connection: CalendarConnection, zone: string): Promise<void> {
    const now = this.deps.clock.now();
    const window = { from: new Date(now.getTime() - WINDOW_BACK_MS), to: new Date(now.getTime() + WINDOW_AHEAD_MS) };
    let outcome: Outcome;
    try {
      outcome = connection.kind === 'ics' ? await this.readFeed(connection, window, zone) : await this.readCalDav(connection, window, zone);
    } catch (err) {
      const message = describe(err);
      this.deps.logger.info({ connectionId: connection.id, err: message }, 'calendar sync failed; the last good busy times stay');
      const failed = {
        lastError: message,
        lastAttemptAt: now,
        nextSyncAt: new Date(now.getTime() + Math.min(RETRY_AFTER_FAILURE_S, this.intervalOf(connection)) * 1000),
      };
      await em.nativeUpdate(CalendarConnection, { id: connection.id }, failed);
      Object.assign(connection, failed);
      return;
    }
    let changed = false;
    const fields: Partial<CalendarConnection> = { ...outcome.markers, lastSyncedAt: now, lastAttemptAt: now, lastError: null };
    if (outcome.kind === 'changed') Object.assign(fields, { busyCount: outcome.parsed.busy.length, refreshSeconds: outcome.parsed.refreshSeconds });
    fields.nextSyncAt = new Date(now.getTime() + this.intervalOf({ ...connection, ...fields } as CalendarConnection) * 1000);
    await em.transactional(async (tx) => {
      if (outcome.kind === 'changed') {
        changed = await this.deps.scheduling.replaceBusyRanges(tx, connection.creatorId, sourceOf(connection), outcome.parsed.busy);
      }
      await tx.nativeUpdate(CalendarConnection, { id: connection.id }, fields);
    });
    Object.assign(connection, fields);
    if (changed) await this.deps.scheduling.slotsChanged(connection.creatorId);
  }

  /** A feed by conditional GET: 304 (same ETag / not modified since) is "unchanged". */
  private async readFeed(connection: CalendarConnection, window: { from: Date; to: Date }, zone: string): Promise<Outcome> {
    const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
    if (connection.etag) headers['if-none-match'] = connection.etag;
    if (connection.lastModified) headers['if-modified-since'] = connection.lastModified;
    const res = await this.fetch(connection.url, { headers });
    if (res.status === 304) return { kind: 'unchanged', markers: {} };
    if (!res.ok) throw new Error(`the feed answered HTTP ${res.status}`);
    const text = await res.text();
    if (!/BEGIN:VCALENDAR/i.test(text)) throw new Error('the address did not answer an iCalendar feed (no BEGIN:VCALENDAR)');
    const parsed = parse([text], window, zone);
    return { kind: 'changed', parsed, markers: { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') } };
  }

  /** A CalDAV calendar: one PROPFIND for its ctag / sync-token; the events only when either moved. */
  private async readCalDav(connection: CalendarConnection, window: { from: Date; to: Date }, zone: string): Promise<Outcome> {
    const discovered: Partial<CalendarConnection> = {};
    if (!connection.calendarUrl) {
      const t = this.target(connection);
      const found = await discoverCalendar(connection.url, t.username, t.password, connection.calendar ?? null, this.fetch);
      discovered.calendarUrl = found.url;
    }
    const target = { ...this.target(connection), calendarUrl: discovered.calendarUrl ?? connection.calendarUrl ?? connection.url };
    const markers = await changeMarkers(target);
    const known = connection.ctag !== null && connection.ctag !== undefined || connection.syncToken !== null && connection.syncToken !== undefined;
    const same = known && (markers.ctag ?? null) === (connection.ctag ?? null) && (markers.syncToken ?? null) === (connection.syncToken ?? null);
    if (same) return { kind: 'unchanged', markers: discovered };
    const texts = await eventTexts(target, window);
    return { kind: 'changed', parsed: parse(texts, window, zone), markers: { ...discovered, ctag: markers.ctag, syncToken: markers.syncToken } };
  }

  private intervalOf(connection: CalendarConnection): number {
    const wanted = connection.refreshSeconds ?? this.deps.defaultIntervalSeconds;
    return Math.min(MAX_INTERVAL_S, Math.max(MIN_INTERVAL_S, wanted));
  }

  private async own(em: EntityManager, creatorId: string, id: string): Promise<CalendarConnection> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(CalendarConnection, { id, creatorId }) : null;
    if (!found) throw notFound(MSG.notFound);
    return found;
  }
}

const sealedFor = (connectionId: string) => `calendar-connection:${connectionId}`;

export const sourceOf = (connection: { id: string }) => `calendar:${connection.id}`;

function parse(texts: string[], window: { from: Date; to: Date }, zone: string): ParsedFeed {
  try {
    return busyFromICalendar(texts, window, zone);
  } catch (err) {
    throw new Error(`the calendar could not be read as iCalendar: ${describe(err)}`);
  }
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const text = e?.code && !String(e.message).includes(e.code) ? `${e.code}: ${e.message}` : String(e?.message ?? err);
  return text.slice(0, 300);
}
