/**
 * The one rule of what a brand may book (issue 30): a free slot is bookable when it starts after
 * the creator's minimum notice and before their horizon, no busy range (a connected calendar's
 * event, time off) falls within it widened by the buffers, and no booked hour of theirs falls within
 * the buffers around it. Every read (slot list, cards' next free slots, the listing's "available",
 * the compiled reads) and checkout ask it in their own statement, as the expression `slotBookable`
 * writes.
 *
 * It is an expression written into each statement, not a SQL function: PostgreSQL cannot inline a
 * function whose body reads tables, and calling one per slot cost about 14 µs each (executor set-up
 * per call), which was two thirds of the uncached listing's time in the database. Written inline,
 * a read joins the creator's settings once (`schedulingRow`), bounds the slots' index range by the
 * notice and the horizon, and probes the busy ranges only for a creator who has any and the booked
 * hours only when buffers are set.
 *
 * The defaults of a creator who set nothing come from the configuration
 * (SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES) and are written into the statements as literals: they
 * are fixed for the life of the process.
 */
export const SCHEDULING_DEFAULTS = {
  minNoticeMinutes: 240,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  maxDaysAhead: 90,
};

/** Called once at start with the configuration's value. */
export function setDefaultMinNotice(minutes: number): void {
  if (!Number.isInteger(minutes) || minutes < 0) throw new Error('minimum notice must be a whole number of minutes');
  SCHEDULING_DEFAULTS.minNoticeMinutes = minutes;
}

/**
 * SQL: a creator's scheduling as one row, for a FROM list or a LATERAL join: `at` (now),
 * `bookable_from` (now + their minimum notice), `bookable_until` (now + their horizon), their
 * buffers in minutes, and `has_busy` (whether they have any busy range at all). `streamerId` is a
 * SQL expression (e.g. `p.id`), `now` one placeholder or expression of type timestamptz.
 */
export const schedulingRow = (streamerId: string, now: string) => `(select bk_n.t as at,
      bk_n.t + make_interval(mins => coalesce(bk_g.min_notice_minutes, ${SCHEDULING_DEFAULTS.minNoticeMinutes | 0})) as bookable_from,
      bk_n.t + make_interval(days => coalesce(bk_g.max_days_ahead, ${SCHEDULING_DEFAULTS.maxDaysAhead | 0})) as bookable_until,
      coalesce(bk_g.buffer_before_minutes, 0) as buffer_before, coalesce(bk_g.buffer_after_minutes, 0) as buffer_after,
      exists (select 1 from availability_blocks bk_b where bk_b.streamer_id = ${streamerId}) as has_busy
    from (select ${now}::timestamptz as t) bk_n left join availability_settings bk_g on bk_g.streamer_id = ${streamerId})`;

/**
 * SQL: the rule itself, for the free slot row `alias` given its creator's `schedulingRow` as `s`.
 * The notice and the horizon are bounds on `start_time` (an index range when `s` comes from an
 * outer row); the busy ranges and the booked hours are only looked at when the creator has any
 * busy range or buffer.
 */
export const bookableWith = (alias: string, s: string) => `${alias}.start_time >= ${s}.bookable_from and ${alias}.start_time < ${s}.bookable_until
       and (not ${s}.has_busy or not exists (select 1 from availability_blocks bk_b where bk_b.streamer_id = ${alias}.streamer_id
             and bk_b.during && tstzrange(${alias}.start_time - make_interval(mins => ${s}.buffer_before), ${alias}.end_time + make_interval(mins => ${s}.buffer_after))))
       and (greatest(${s}.buffer_before, ${s}.buffer_after) = 0 or not exists (
             select 1 from availability_slots bk_o where bk_o.streamer_id = ${alias}.streamer_id and bk_o.is_booked and bk_o.id is distinct from ${alias}.id
               and tstzrange(bk_o.start_time, bk_o.end_time) && tstzrange(${alias}.start_time - make_interval(mins => greatest(${s}.buffer_before, ${s}.buffer_after)),
                                                                          ${alias}.end_time + make_interval(mins => greatest(${s}.buffer_before, ${s}.buffer_after)))))`;

/**
 * SQL: whether the slot row `alias` (availability_slots) may be booked at `now` (a SQL expression or
 * one placeholder, of type timestamptz): the rule with the slot's own creator's scheduling row.
 * Only meaningful for a free slot. Reads of many slots of one creator join `schedulingRow` once
 * and ask `bookableWith` instead (the cards' next free slots, "available").
 */
export const slotBookable = (alias: string, now: string) =>
  `exists (select 1 from ${schedulingRow(`${alias}.streamer_id`, now)} bk_s where ${bookableWith(alias, 'bk_s')})`;

/**
 * The next bookable free slots of creator `creatorId` (a SQL expression) after `now` (one
 * placeholder), as two parts of a read of `availability_slots f`: the creator's `scheduling` row
 * (`bk`, to stand first in the FROM list: the rule's bounds then become the range of the slots'
 * index scan; an ordered read with a limit takes the slots in a LATERAL subquery after it, so the
 * scan stops after its rows) and the slots' `where`. `within`: the slot must lie in [from, to] (two
 * placeholders; either may be null).
 */
export const bookableFreeSlots = (creatorId: string, now: string, within?: { from: string; to: string }) => ({
  scheduling: `${schedulingRow(creatorId, now)} bk`,
  where: freeSlotsWhere(creatorId, 'bk', within),
});

/**
 * The `where` of `bookableFreeSlots` for a creator whose scheduling row is already at hand as `s`
 * (a row with `schedulingRow`'s columns: a compiled read joins it once per card, for both the next
 * free slots and "available").
 */
export const freeSlotsWhere = (creatorId: string, s: string, within?: { from: string; to: string }) =>
  `f.streamer_id = ${creatorId} and not f.is_booked and f.start_time > ${s}.at
       ${within ? `and f.start_time >= coalesce(${within.from}::timestamptz, '-infinity') and f.end_time <= coalesce(${within.to}::timestamptz, 'infinity')` : ''}
       and ${bookableWith('f', s)}`;

/**
 * SQL: whether creator `profileId` (a SQL expression) has any bookable free slot after `now` (one
 * placeholder): the listing's and the creator page's `isAvailable`, and the listing's
 * availableFrom/availableTo filter with `within` (two placeholders: from, to; either may be null).
 */
export const hasBookableSlot = (profileId: string, now = '?', within?: { from: string; to: string }) => {
  const slots = bookableFreeSlots(profileId, now, within);
  return `exists (select 1 from ${slots.scheduling} cross join availability_slots f where ${slots.where})`;
};

/** `hasBookableSlot` for a creator whose scheduling row is at hand as `s` (see `freeSlotsWhere`). */
export const hasBookableSlotWith = (profileId: string, s: string) => `exists (select 1 from availability_slots f where ${freeSlotsWhere(profileId, s)})`;
