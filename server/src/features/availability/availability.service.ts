import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, conflict, forbidden, notFound, PG, pgErrorCode } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { parseInput } from '../../platform/shared/validation';
import type { Outbox } from '../../platform/outbox/outbox';
import { availabilityChangedEvent, type AvailabilityChange } from '../profiles';
import { Profile } from '../profiles';
import { AccountType } from '../users';
import { AvailabilitySlot, SlotSource } from './availability-slot.entity';
import {
  AddSlotsSchema,
  AVAILABILITY_MESSAGES as MSG,
  CreatePatternSchema,
  GenerateSlotsSchema,
  MAX_GENERATION_DAYS,
  PatternFieldsSchema,
  SlotRangeSchema,
  type AddSlotsInput,
  type CreatePatternInput,
  type GenerateSlotsInput,
  type SlotListInput,
  type UpdatePatternInput,
  type UpdateSlotInput,
} from './availability.inputs';
import { zoneOf } from './local-time';
import { RecurringPattern } from './recurring-pattern.entity';
import { defaultWindow, expandPatterns, normalizePattern, resolveWindow, type GenerationWindow } from './recurring-rules';
import { resolveSlotRange } from './slot-range';
import { slotListWindow, slotsInWindow } from './slot-list';
import { rowToSlotView, type SlotRow, type SlotView } from './slot.view';
import {
  insertGeneratedSlots,
  purgePastSkips,
  recordSkip,
  removeFutureFreeSlotsOfPattern,
  retryOnOverlap,
} from './slot-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/**
 * A creator's bookable hours: one-off slots and weekly patterns expanded into slots. Slots are
 * 1-hour units on the creator's local hour; the database refuses overlaps (exclusion constraint).
 * Reads are public; every change is the owning creator's and publishes `slotsChanged`.
 */
export class AvailabilityService {
  constructor(private readonly deps: { clock: Clock; events: EventBus; outbox: Outbox }) {}

  /**
   * A creator's slots, free and booked, overlapping [from, to), in time order; the window is
   * bounded (slotListWindow). One statement: the creator check and the slots.
   */
  async listSlots(ctx: ServiceContext, creatorId: string, range: SlotListInput = {}): Promise<SlotView[]> {
    const { from, to } = slotListWindow(range, this.deps.clock.now());
    if (!isUuid(creatorId)) throw notFound(MSG.creatorNotFound);
    const rows: (SlotRow & { profile_id: string })[] = await ctx.em.execute(
      `select p.id as profile_id, s.id, s.streamer_id, s.start_time, s.end_time, s.is_booked, s.created_at, s.updated_at
         from profiles p
         left join lateral (select s.* from ${slotsInWindow('s', 'p.id')}) s on true
        where p.id = ? and p.account_type = ?
        order by s.start_time`,
      [from, to, this.deps.clock.now(), creatorId, AccountType.CREATOR],
    );
    if (rows.length === 0) throw notFound(MSG.creatorNotFound);
    return rows[0].id === null ? [] : rows.map(rowToSlotView);
  }

  /** Adds a range of one local day as 1-hour slots: all of them, or none when any hour is taken. */
  async addSlots(ctx: ServiceContext, input: AddSlotsInput): Promise<AvailabilitySlot[]> {
    const profile = await this.myCreatorProfile(ctx, input?.creatorId);
    const data = parseInput(AddSlotsSchema, input);
    const hours = resolveSlotRange(data, zoneOf(profile.timezone), this.deps.clock.now());
    const slots = await this.translateOverlap(() =>
      ctx.em.transactional(async (em) => {
        const created = hours.map((h) => em.create(AvailabilitySlot, { creator: profile.id, startTime: h.start, endTime: h.end }));
        await em.flush();
        await this.availabilityChanged(em, profile, 'slots_added', created);
        return created;
      }),
    );
    await this.slotsChanged(profile.id);
    return slots;
  }

  /** Moves a free, future slot to another hour (exactly one hour, on the local hour). */
  async updateSlot(ctx: ServiceContext, id: string, input: UpdateSlotInput): Promise<AvailabilitySlot> {
    const profile = await this.myCreatorProfile(ctx);
    const data = parseInput(SlotRangeSchema, input);
    const now = this.deps.clock.now();
    const hours = resolveSlotRange(data, zoneOf(profile.timezone), now);
    if (hours.length !== 1) throw badInput(MSG.oneHour, 'endTime');
    const slot = await this.translateOverlap(() =>
      ctx.em.transactional(async (em) => {
        const found = await this.lockOwnSlot(em, id, profile, now, 'change');
        if (found.source === SlotSource.RECURRING && found.patternId) {
          // A moved hour of a weekly pattern is the creator's own from now on.
          await recordSkip(em, found.patternId, found.startTime, now);
          found.source = SlotSource.MANUAL;
          found.patternId = null;
        }
        found.startTime = hours[0].start;
        found.endTime = hours[0].end;
        await em.flush();
        await this.availabilityChanged(em, profile, 'slot_moved', [found]);
        return found;
      }),
    );
    await this.slotsChanged(profile.id);
    return slot;
  }

  /** Deletes a free, future slot of the viewer. */
  async deleteSlot(ctx: ServiceContext, id: string): Promise<boolean> {
    const profile = await this.myCreatorProfile(ctx);
    const now = this.deps.clock.now();
    await ctx.em.transactional(async (em) => {
      const slot = await this.lockOwnSlot(em, id, profile, now, 'delete');
      if (slot.source === SlotSource.RECURRING && slot.patternId) await recordSkip(em, slot.patternId, slot.startTime, now);
      em.remove(slot);
      await em.flush();
      await this.availabilityChanged(em, profile, 'slot_removed', [slot]);
    });
    await this.slotsChanged(profile.id);
    return true;
  }

  async listRecurringPatterns(ctx: ServiceContext, creatorId: string): Promise<RecurringPattern[]> {
    const profile = await this.findCreator(ctx.em, creatorId);
    return ctx.em.find(RecurringPattern, { creator: profile.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Saves a weekly pattern; its slots appear through generateSlots and the daily refresh job. */
  async createRecurringPattern(ctx: ServiceContext, input: CreatePatternInput): Promise<RecurringPattern> {
    const profile = await this.myCreatorProfile(ctx, input?.creatorId);
    const fields = normalizePattern(parseInput(CreatePatternSchema, input));
    const pattern = ctx.em.create(RecurringPattern, { creator: profile.id, ...fields });
    await ctx.em.flush();
    return pattern;
  }

  /**
   * Changes any of title, days, times. When days or times change, the pattern's future free slots
   * are replaced by those of the new schedule (booked ones stay).
   */
  async updateRecurringPattern(ctx: ServiceContext, id: string, input: UpdatePatternInput): Promise<RecurringPattern> {
    const profile = await this.myCreatorProfile(ctx);
    const changes = parseInput(PatternFieldsSchema, input);
    // A blank title is a cleared title, not an absent one.
    if (typeof input?.title === 'string' && !input.title.trim()) throw badInput(MSG.titleAndDay, 'title');
    const now = this.deps.clock.now();
    const zone = zoneOf(profile.timezone);
    let rescheduled = false;
    const pattern = await retryOnOverlap(() =>
      ctx.em.transactional(async (em) => {
        const found = await this.lockOwnPattern(em, id, profile);
        const fields = normalizePattern({ ...pick(found), ...defined(changes) });
        rescheduled = fields.startTime !== found.startTime || fields.endTime !== found.endTime
          || fields.daysOfWeek.join() !== found.daysOfWeek.join();
        em.assign(found, fields);
        await em.flush();
        if (rescheduled) {
          const removed = await removeFutureFreeSlotsOfPattern(em, found.id, now);
          const window = regenerationWindow(removed, zone, now);
          await insertGeneratedSlots(em, profile.id, expandPatterns([found], window, now), now);
          await this.availabilityChanged(em, profile, 'pattern_changed', []);
        }
        return found;
      }),
    );
    if (rescheduled) await this.slotsChanged(profile.id);
    return pattern;
  }

  /** Deletes a pattern and its future free slots; slots already booked (and past ones) stay. */
  async deleteRecurringPattern(ctx: ServiceContext, id: string): Promise<boolean> {
    const profile = await this.myCreatorProfile(ctx);
    const now = this.deps.clock.now();
    await ctx.em.transactional(async (em) => {
      const pattern = await this.lockOwnPattern(em, id, profile);
      await removeFutureFreeSlotsOfPattern(em, pattern.id, now);
      em.remove(pattern);
      await em.flush();
      await this.availabilityChanged(em, profile, 'pattern_removed', []);
    });
    await this.slotsChanged(profile.id);
    return true;
  }

  /**
   * Materialises the viewer's weekly patterns as slots for a window of local days (default: 14
   * days from tomorrow; at most 31). Idempotent: hours already covered by any slot, and hours the
   * creator removed, are left alone. Returns the slots created by this call.
   */
  async generateSlots(ctx: ServiceContext, input: GenerateSlotsInput = {}): Promise<AvailabilitySlot[]> {
    const profile = await this.myCreatorProfile(ctx, input?.creatorId);
    const data = parseInput(GenerateSlotsSchema, input);
    if (data.slotDuration !== undefined && data.slotDuration !== null && Number(data.slotDuration) !== 1) {
      throw badInput(MSG.slotDuration, 'slotDuration');
    }
    const now = this.deps.clock.now();
    const window = resolveWindow(data, zoneOf(profile.timezone), now);
    const patterns = await ctx.em.find(RecurringPattern, { creator: profile.id });
    const slots = await this.generateFor(ctx.em, profile, patterns, window, now);
    if (slots.length) await this.slotsChanged(profile.id);
    return slots;
  }

  /**
   * System sweep (daily job): every creator with patterns gets the default window filled as of
   * `now`. Safe to run any number of times. One creator's failure does not stop the others.
   */
  async refreshRecurringSlots(ctx: ServiceContext, now: Date): Promise<{ creators: number; created: number }> {
    await purgePastSkips(ctx.em, now);
    const patterns = await ctx.em.find(
      RecurringPattern,
      { creator: { accountType: AccountType.CREATOR, suspendedAt: null } },
      { populate: ['creator'], orderBy: { creator: { id: 'asc' } } },
    );
    const byCreator = new Map<Profile, RecurringPattern[]>();
    for (const p of patterns) byCreator.set(p.creator.getEntity(), [...(byCreator.get(p.creator.getEntity()) ?? []), p]);
    let created = 0;
    const failures: unknown[] = [];
    for (const [profile, own] of byCreator) {
      try {
        const slots = await this.generateFor(ctx.em.fork(), profile, own, defaultWindow(zoneOf(profile.timezone), now), now);
        created += slots.length;
        if (slots.length) await this.slotsChanged(profile.id);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length) throw new AggregateError(failures, `refreshing recurring slots failed for ${failures.length} creator(s)`);
    return { creators: byCreator.size, created };
  }

  private async generateFor(em: EntityManager, profile: Profile, patterns: RecurringPattern[], window: GenerationWindow, now: Date) {
    const candidates = expandPatterns(patterns, window, now);
    return retryOnOverlap(() => insertGeneratedSlots(em, profile.id, candidates, now));
  }

  /** The viewer's own creator profile; `creatorId`, when a payload names one, must be it. */
  private async myCreatorProfile(ctx: ServiceContext, creatorId?: string | null): Promise<Profile> {
    const viewer = requireViewer(ctx);
    const profile = await ctx.em.findOne(Profile, { user: viewer.id });
    if (!profile) throw viewer.accountType === AccountType.CREATOR ? notFound(MSG.noProfile) : forbidden(MSG.creatorsOnly);
    if (profile.accountType !== AccountType.CREATOR) throw forbidden(MSG.creatorsOnly);
    if (profile.suspendedAt) throw forbidden(MSG.suspended);
    if (creatorId !== undefined && creatorId !== null && creatorId !== '' && creatorId !== profile.id) {
      throw forbidden(MSG.notYours);
    }
    return profile;
  }

  private async findCreator(em: EntityManager, creatorId: string): Promise<Profile> {
    const profile = isUuid(creatorId) ? await em.findOne(Profile, { id: creatorId, accountType: AccountType.CREATOR }) : null;
    if (!profile) throw notFound(MSG.creatorNotFound);
    return profile;
  }

  /** Locks the slot row (a checkout may be taking it right now) and checks it may be changed. */
  private async lockOwnSlot(em: EntityManager, id: string, owner: Profile, now: Date, action: 'change' | 'delete') {
    const slot = isUuid(id) ? await em.findOne(AvailabilitySlot, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (!slot) throw notFound(MSG.slotNotFound);
    if (slot.creator.id !== owner.id) throw forbidden(MSG.notYours);
    if (slot.isBooked || slot.bookingId) throw conflict(action === 'delete' ? MSG.bookedDelete : MSG.bookedChange);
    if (slot.startTime.getTime() <= now.getTime()) throw conflict(action === 'delete' ? MSG.pastDelete : MSG.pastChange);
    return slot;
  }

  private async lockOwnPattern(em: EntityManager, id: string, owner: Profile): Promise<RecurringPattern> {
    const pattern = isUuid(id) ? await em.findOne(RecurringPattern, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (!pattern) throw notFound(MSG.patternNotFound);
    if (pattern.creator.id !== owner.id) throw forbidden(MSG.notYours);
    return pattern;
  }

  private async translateOverlap<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (pgErrorCode(err) === PG.exclusionViolation) throw conflict(MSG.overlap);
      throw err;
    }
  }

  /** The public creator.availability_changed event (partners' webhooks), in the change's transaction. */
  private async availabilityChanged(em: EntityManager, profile: Profile, change: AvailabilityChange, slots: readonly { startTime: Date; endTime: Date }[]) {
    await this.deps.outbox.publish(em, availabilityChangedEvent(profile, change, slots));
  }

  private slotsChanged(creatorId: string) {
    return this.deps.events.publish('slotsChanged', { creatorId });
  }
}

const pick = (p: RecurringPattern) => ({ title: p.title, daysOfWeek: p.daysOfWeek, startTime: p.startTime, endTime: p.endTime });
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** After a reschedule: refill the days that lost slots, and at least the default window (max 31 days). */
function regenerationWindow(removed: Date[], zone: string, now: Date): GenerationWindow {
  const base = defaultWindow(zone, now);
  const days = removed.map((d) => DateTime.fromJSDate(d, { zone }).startOf('day'));
  const from = DateTime.min(base.from, ...days);
  const to = DateTime.min(DateTime.max(base.to, ...days), from.plus({ days: MAX_GENERATION_DAYS - 1 }));
  return { from, to };
}
