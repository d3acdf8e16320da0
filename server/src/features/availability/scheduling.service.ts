import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, forbidden, notFound } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { parseInput } from '../../platform/shared/validation';
import type { Outbox } from '../../platform/outbox/outbox';
import { availabilityChangedEvent, type AvailabilityChange } from '../profiles';
import { Profile } from '../profiles';
import { AccountType } from '../users';
import { AVAILABILITY_MESSAGES as MSG } from './availability.inputs';
import { SCHEDULING_DEFAULTS } from '../profiles';
import { SCHEDULING_MESSAGES as SMSG, SchedulingSettingsSchema, TimeOffSchema, type SchedulingSettingsInput, type TimeOffInput } from './scheduling.inputs';

export interface SchedulingSettings {
  minNoticeMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  maxDaysAhead: number;
}

export interface TimeOff {
  id: string;
  startTime: Date;
  endTime: Date;
}

export interface BusyRange {
  start: Date;
  end: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME_OFF = 'time_off';
const MAX_TIME_OFF_MS = 366 * 86_400_000;

/**
 * A creator's scheduling guards (minimum notice, buffers, horizon), time off, and the busy ranges
 * other features feed in (a connected calendar's events: `replaceBusyRanges`). All of them are
 * rows the one rule `slotBookable` reads (bookable.ts); every change publishes
 * `creator.availability_changed` in its transaction and `slotsChanged` after it, so open pages
 * and cached public answers follow.
 */
export class SchedulingService {
  constructor(private readonly deps: { clock: Clock; events: EventBus; outbox: Outbox }) {}

  /** The guards of a creator (public: the brand sees them before booking); the defaults when never set. */
  async settingsOf(em: EntityManager, creatorId: string): Promise<SchedulingSettings> {
    if (!UUID.test(creatorId)) throw notFound(MSG.creatorNotFound);
    const rows: { found: string | null; min_notice_minutes: number | null; buffer_before_minutes: number | null; buffer_after_minutes: number | null; max_days_ahead: number | null }[] =
      await em.execute(
        `select p.id as found, g.min_notice_minutes, g.buffer_before_minutes, g.buffer_after_minutes, g.max_days_ahead
           from profiles p left join availability_settings g on g.streamer_id = p.id
          where p.id = ? and p.account_type = ?`,
        [creatorId, AccountType.CREATOR],
      );
    if (!rows[0]) throw notFound(MSG.creatorNotFound);
    const r = rows[0];
    return {
      minNoticeMinutes: r.min_notice_minutes ?? SCHEDULING_DEFAULTS.minNoticeMinutes,
      bufferBeforeMinutes: r.buffer_before_minutes ?? SCHEDULING_DEFAULTS.bufferBeforeMinutes,
      bufferAfterMinutes: r.buffer_after_minutes ?? SCHEDULING_DEFAULTS.bufferAfterMinutes,
      maxDaysAhead: r.max_days_ahead ?? SCHEDULING_DEFAULTS.maxDaysAhead,
    };
  }

  async mySettings(ctx: ServiceContext): Promise<SchedulingSettings> {
    const profile = await this.myCreatorProfile(ctx);
    return this.settingsOf(ctx.em, profile.id);
  }

  /** Changes the given guards (the others keep their value). */
  async updateSettings(ctx: ServiceContext, input: SchedulingSettingsInput): Promise<SchedulingSettings> {
    const profile = await this.myCreatorProfile(ctx);
    const changes = parseInput(SchedulingSettingsSchema, input);
    const settings = await ctx.em.transactional(async (em) => {
      const next = { ...(await this.settingsOf(em, profile.id)), ...defined(changes) };
      await em.execute(
        `insert into availability_settings (streamer_id, min_notice_minutes, buffer_before_minutes, buffer_after_minutes, max_days_ahead, updated_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (streamer_id) do update set min_notice_minutes = excluded.min_notice_minutes,
           buffer_before_minutes = excluded.buffer_before_minutes, buffer_after_minutes = excluded.buffer_after_minutes,
           max_days_ahead = excluded.max_days_ahead, updated_at = excluded.updated_at`,
        [profile.id, next.minNoticeMinutes, next.bufferBeforeMinutes, next.bufferAfterMinutes, next.maxDaysAhead, this.deps.clock.now()],
      );
      await this.changed(em, profile, 'settings_changed', []);
      return next;
    });
    await this.slotsChanged(profile.id);
    return settings;
  }

  async listTimeOff(ctx: ServiceContext): Promise<TimeOff[]> {
    const profile = await this.myCreatorProfile(ctx);
    const rows: { id: string; start_time: Date; end_time: Date }[] = await ctx.em.execute(
      `select id, lower(during) as start_time, upper(during) as end_time from availability_blocks
        where streamer_id = ? and source = ? order by lower(during), id`,
      [profile.id, TIME_OFF],
    );
    return rows.map((r) => ({ id: r.id, startTime: new Date(r.start_time), endTime: new Date(r.end_time) }));
  }

  /** A vacation: every hour in [start, end) stops being bookable, weekly ones included. */
  async addTimeOff(ctx: ServiceContext, input: TimeOffInput): Promise<TimeOff> {
    const profile = await this.myCreatorProfile(ctx);
    const { startTime, endTime } = parseInput(TimeOffSchema, input);
    if (endTime.getTime() <= startTime.getTime()) throw badInput(SMSG.timeOffEnd, 'endTime');
    if (endTime.getTime() - startTime.getTime() > MAX_TIME_OFF_MS) throw badInput(SMSG.timeOffTooLong, 'endTime');
    if (endTime.getTime() <= this.deps.clock.now().getTime()) throw badInput(SMSG.timeOffPast, 'endTime');
    const id = randomUUID();
    await ctx.em.transactional(async (em) => {
      await em.execute(`insert into availability_blocks (id, streamer_id, source, during) values (?, ?, ?, tstzrange(?, ?))`, [id, profile.id, TIME_OFF, startTime, endTime]);
      await this.changed(em, profile, 'time_off_added', [{ startTime, endTime }]);
    });
    await this.slotsChanged(profile.id);
    return { id, startTime, endTime };
  }

  async deleteTimeOff(ctx: ServiceContext, id: string): Promise<boolean> {
    const profile = await this.myCreatorProfile(ctx);
    if (!UUID.test(id)) throw notFound(SMSG.timeOffNotFound);
    await ctx.em.transactional(async (em) => {
      const rows: { start_time: Date; end_time: Date }[] = await em.execute(
        `delete from availability_blocks where id = ? and streamer_id = ? and source = ? returning lower(during) as start_time, upper(during) as end_time`,
        [id, profile.id, TIME_OFF],
      );
      if (!rows[0]) throw notFound(SMSG.timeOffNotFound);
      await this.changed(em, profile, 'time_off_removed', [{ startTime: new Date(rows[0].start_time), endTime: new Date(rows[0].end_time) }]);
    });
    await this.slotsChanged(profile.id);
    return true;
  }

  /**
   * Replaces the busy ranges of one source (e.g. `calendar:<id>`) of a creator, in the caller's
   * transaction; returns whether anything changed (then `creator.availability_changed` is in the
   * transaction too, and the caller calls `slotsChanged` after its commit).
   */
  async replaceBusyRanges(em: EntityManager, creatorId: string, source: string, ranges: readonly BusyRange[]): Promise<boolean> {
    if (source === TIME_OFF) throw new Error('time off is not a calendar source');
    const merged = mergeRanges(ranges);
    const current: { s: Date; e: Date }[] = await em.execute(
      'select lower(during) as s, upper(during) as e from availability_blocks where streamer_id = ? and source = ? order by lower(during)',
      [creatorId, source],
    );
    const same = current.length === merged.length
      && current.every((c, i) => new Date(c.s).getTime() === merged[i].start.getTime() && new Date(c.e).getTime() === merged[i].end.getTime());
    if (same) return false;
    await em.execute('delete from availability_blocks where streamer_id = ? and source = ?', [creatorId, source]);
    for (let i = 0; i < merged.length; i += 500) {
      const chunk = merged.slice(i, i + 500);
      await em.execute(
        `insert into availability_blocks (id, streamer_id, source, during)
         select gen_random_uuid(), ?, ?, tstzrange(x.s, x.e) from unnest(?::timestamptz[], ?::timestamptz[]) as x(s, e)`,
        // As array literals: the driver would spread a JS array into a list of placeholders.
        [creatorId, source, `{${chunk.map((r) => r.start.toISOString()).join(',')}}`, `{${chunk.map((r) => r.end.toISOString()).join(',')}}`],
      );
    }
    const profile = await em.findOneOrFail(Profile, { id: creatorId });
    await this.changed(em, profile, 'busy_times_changed', []);
    return true;
  }

  /** The busy ranges a source holds (what a connection shows as its last good set). */
  async busyRanges(em: EntityManager, creatorId: string, source: string): Promise<BusyRange[]> {
    const rows: { s: Date; e: Date }[] = await em.execute(
      'select lower(during) as s, upper(during) as e from availability_blocks where streamer_id = ? and source = ? order by lower(during)',
      [creatorId, source],
    );
    return rows.map((r) => ({ start: new Date(r.s), end: new Date(r.e) }));
  }

  /** After the commit of a change of busy ranges: open pages and cached answers follow. */
  slotsChanged(creatorId: string) {
    return this.deps.events.publish('slotsChanged', { creatorId });
  }

  /** The viewer's own creator profile. */
  async myCreatorProfile(ctx: ServiceContext): Promise<Profile> {
    const viewer = requireViewer(ctx);
    const profile = await ctx.em.findOne(Profile, { user: viewer.id });
    if (!profile) throw viewer.accountType === AccountType.CREATOR ? notFound(MSG.noProfile) : forbidden(MSG.creatorsOnly);
    if (profile.accountType !== AccountType.CREATOR) throw forbidden(MSG.creatorsOnly);
    if (profile.suspendedAt) throw forbidden(MSG.suspended);
    return profile;
  }

  private async changed(em: EntityManager, profile: Profile, change: AvailabilityChange, slots: readonly { startTime: Date; endTime: Date }[]) {
    await this.deps.outbox.publish(em, availabilityChangedEvent(profile, change, slots));
  }
}

/** Sorted, overlapping and touching ranges joined, empty ones dropped. */
export function mergeRanges(ranges: readonly BusyRange[]): BusyRange[] {
  const sorted = ranges.filter((r) => r.end.getTime() > r.start.getTime()).sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: BusyRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start.getTime() <= last.end.getTime()) {
      if (r.end.getTime() > last.end.getTime()) last.end = new Date(r.end.getTime());
    } else out.push({ start: new Date(r.start.getTime()), end: new Date(r.end.getTime()) });
  }
  return out;
}

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
