import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { Profile } from '../profiles';
import { Booking } from './booking.entity';
import { BookingStatus, PaymentStatus } from './process/booking.model';

/** The dashboard's Overview tab (spec §9 "Overview metrics"), for one viewer. */
export interface Overview {
  /** Creator side: the ledger's net allocation to the creator over every booking (completed ones, and the share kept after a late cancellation). */
  earningsCents: number;
  /** The same for collabs that take place this calendar month (their start, in the creator's time zone), whenever they were booked. */
  monthEarningsCents: number;
  /** Allocated and not yet paid out. */
  pendingPayoutCents: number;
  /** Confirmed collaborations that have not ended yet, as booker or creator. */
  upcomingCount: number;
  /** Paid requests to the viewer's creator profile that wait for their answer. */
  awaitingResponseCount: number;
  /** The viewer's own paid requests that wait for the creator's answer. */
  awaitingCreatorCount: number;
  /** Booked slots over all slots of the viewer's creator profile, x 100 (one decimal); 0 without slots. */
  utilizationPercent: number;
  totalSlots: number;
  bookedSlots: number;
  /**
   * The 5 bookings as creator that most recently earned the creator money (the ledger's net
   * allocation above 0): completed ones and the share kept after a late cancellation, so the list
   * accounts for what Total Earnings counts.
   */
  recentEarnings: Booking[];
  /** The next 5 confirmed collaborations. */
  upcoming: Booking[];
}

const NET_ALLOCATION = `case l.kind when 'allocation' then l.amount_cents when 'allocation_reversal' then -l.amount_cents else 0 end`;

export async function loadOverview(em: EntityManager, viewerId: string, now: Date): Promise<Overview> {
  const profile = await em.findOne(Profile, { user: viewerId }, { fields: ['id', 'timezone'] });
  const upcomingWhere = {
    status: BookingStatus.CONFIRMED,
    endTime: { $gt: now },
    $or: [{ booker: viewerId }, ...(profile ? [{ creator: profile.id }] : [])],
  };
  // A request counts while the creator may still answer it (the expiry sweep cancels it at its deadline or start).
  const awaiting = { status: BookingStatus.PENDING, paymentStatus: PaymentStatus.HELD, startTime: { $gt: now } };
  const [upcomingCount, upcoming, awaitingCreatorCount, awaitingResponseCount] = await Promise.all([
    em.count(Booking, upcomingWhere),
    em.find(Booking, upcomingWhere, { orderBy: { startTime: 'asc', id: 'asc' }, limit: 5 }),
    em.count(Booking, { ...awaiting, booker: viewerId }),
    profile ? em.count(Booking, { ...awaiting, creator: profile.id }) : Promise.resolve(0),
  ]);
  const counts = { upcomingCount, awaitingResponseCount, awaitingCreatorCount };
  if (!profile) {
    return { earningsCents: 0, monthEarningsCents: 0, pendingPayoutCents: 0, ...counts, utilizationPercent: 0, totalSlots: 0, bookedSlots: 0, recentEarnings: [], upcoming };
  }

  const month = DateTime.fromJSDate(now, { zone: profile.timezone }).startOf('month');
  const [money] = await em.execute(
    `select
       coalesce(sum(${NET_ALLOCATION}), 0) as earnings,
       coalesce(sum(${NET_ALLOCATION}) filter (where b.start_time >= ? and b.start_time < ?), 0) as month,
       coalesce(sum(case when l.kind = 'transfer' then -l.amount_cents else ${NET_ALLOCATION} end) filter (where b.payment_status in ('allocated', 'refunded')), 0) as pending
     from bookings b join ledger_entries l on l.booking_id = b.id
     where b.streamer_id = ?`,
    [month.toJSDate(), month.plus({ months: 1 }).toJSDate(), profile.id],
  );
  const [slots] = await em.execute(
    'select count(*) as total, count(*) filter (where is_booked) as booked from availability_slots where streamer_id = ?',
    [profile.id],
  );
  const earned: { booking_id: string }[] = await em.execute(
    `select l.booking_id
       from ledger_entries l join bookings b on b.id = l.booking_id
      where b.streamer_id = ? and l.kind in ('allocation', 'allocation_reversal')
      group by l.booking_id
     having sum(${NET_ALLOCATION}) > 0
      order by max(l.created_at) desc, l.booking_id desc
      limit 5`,
    [profile.id],
  );
  const earnedIds = earned.map((r) => r.booking_id);
  const byId = new Map((earnedIds.length ? await em.find(Booking, { id: { $in: earnedIds } }) : []).map((b) => [b.id, b]));
  const recentEarnings = earnedIds.map((id) => byId.get(id)).filter((b): b is Booking => b !== undefined);
  const totalSlots = Number(slots.total);
  const bookedSlots = Number(slots.booked);
  return {
    earningsCents: Number(money.earnings),
    monthEarningsCents: Number(money.month),
    pendingPayoutCents: Number(money.pending),
    ...counts,
    utilizationPercent: totalSlots === 0 ? 0 : Math.round((bookedSlots / totalSlots) * 1000) / 10,
    totalSlots,
    bookedSlots,
    recentEarnings,
    upcoming,
  };
}
