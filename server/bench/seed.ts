import pg from 'pg';
import { hashPassword } from '../src/features/auth/passwords';
import { CURRENT_POLICY } from '../src/features/bookings/process/policy';
import type { SeedSize } from './settings';

export const BENCH_PASSWORD = 'bench-password';

const ZONES = [
  'America/Los_Angeles', 'America/Chicago', 'America/New_York', 'America/Sao_Paulo', 'Europe/London', 'Europe/Berlin',
  'Africa/Lagos', 'Asia/Kolkata', 'Asia/Singapore', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland',
];
const FIRST = ['Nova', 'Pixel', 'Echo', 'Luna', 'Blaze', 'Orbit', 'Vibe', 'Frost', 'Ember', 'Zen', 'Rogue', 'Sky', 'Aria', 'Jett', 'Kai', 'Mira'];
const LAST = ['Plays', 'Live', 'Stream', 'Gaming', 'Studio', 'Arcade', 'Crafts', 'Talks', 'Beats', 'Cooks', 'Fit', 'Tech'];
const TOPICS = ['speedruns', 'cozy games', 'esports analysis', 'retro consoles', 'music production', 'cooking live', 'fitness', 'tech reviews', 'indie games', 'travel vlogs'];
const COMMENTS = [
  'Great energy and very professional.', 'Delivered exactly what we agreed.', 'Audience loved the segment.',
  'Good collaboration, a bit late to start.', 'Would book again.', 'Clear communication throughout.', null, null,
];

/** A deterministic, valid (version 4, RFC variant) UUID from a text expression: same data on every run. */
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

const sqlArray = (values: readonly (string | null)[]) =>
  `array[${values.map((v) => (v === null ? 'null' : `'${v.replace(/'/g, "''")}'`)).join(', ')}]`;

/**
 * The creator index `i` (1..creators) drives every attribute, so the data is varied but the same on
 * every run. Shared by the statements below: time zone, first local hour, hours per day, rate.
 */
const creatorTraits = (i: string) => ({
  zone: `(${sqlArray(ZONES)})[1 + ${i} % ${ZONES.length}]`,
  firstHour: `(8 + ${i} % 6)`,
  hoursPerDay: `(5 + ${i} % 5)`,
  rateCents: `(2000 + (${i} * 7919 % 60) * 500)`,
  minimumHours: `(case when ${i} % 10 = 0 then 2 else 1 end)`,
});

/** Status and payment status of recent booking type t = (i + k) % 10: every state of the booking process. */
const BOOKING_TYPES: { status: string; payment: string; when: 'future' | 'past' }[] = [
  { status: 'pending', payment: 'unpaid', when: 'future' },
  { status: 'pending', payment: 'held', when: 'future' },
  { status: 'confirmed', payment: 'held', when: 'future' },
  { status: 'completed', payment: 'allocated', when: 'past' },
  { status: 'completed', payment: 'released', when: 'past' },
  { status: 'completed', payment: 'paid_out', when: 'past' },
  { status: 'cancelled', payment: 'voided', when: 'future' },
  { status: 'cancelled', payment: 'refunded', when: 'past' },
  { status: 'disputed', payment: 'disputed', when: 'past' },
  { status: 'auto_completed', payment: 'allocated', when: 'past' },
];

export interface SeedCounts {
  users: number;
  creators: number;
  slots: number;
  bookings: number;
  reviews: number;
  seconds: number;
}

/**
 * Seeds the marketplace with set-based SQL (`insert … select … generate_series`), no ORM:
 * creators across platforms and time zones with `slotDays` of hourly availability each (their
 * local working hours), brands, bookings in every state (live ones never overlap per creator:
 * each sits on its own local day), finished bookings reviewed by both parties, and profile
 * aggregates (rating, review count, bookings) computed from them.
 */
export async function seedMarketplace(url: string, size: SeedSize, now: Date, log: (line: string) => void): Promise<SeedCounts> {
  const started = performance.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // Two connections: the slots (the big table, whose exclusion constraint is the slow part) load
  // beside the bookings and reviews.
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c synchronous_commit=off -c work_mem=256MB' });
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const res = await pool.query(sql, params);
    log(`  ${label}: ${res.rowCount ?? 0} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    await step('users', usersSql, [now, passwordHash, size.creators, size.brands]);
    await step('creator profiles', creatorProfilesSql, [now, size.creators]);
    await step('brand profiles', brandProfilesSql, [now, size.brands]);
    await Promise.all([
      step('availability slots', slotsSql, [now, size.creators, size.slotDays]),
      (async () => {
        await step('bookings', bookingsSql(size), [now, size.creators, size.brands, JSON.stringify(CURRENT_POLICY)]);
        await step('reviews (both parties of every finished booking)', reviewsSql);
        await step('profile ratings and review counts', ratingsSql);
        await step('profile booking counts', bookingCountsSql);
      })(),
    ]);
    await step('slots held or booked by pending and confirmed bookings', heldSlotsSql);
    await step('scheduling settings (notice, horizon, buffers) of every 4th creator', settingsSql, [now, size.creators]);
    await step('time off of every 10th creator', timeOffSql, [now, size.creators]);
    await step('vacuum analyze', 'vacuum analyze');
    const [counts] = (
      await pool.query(`select (select count(*)::int from users) as users,
        (select count(*)::int from profiles where account_type = 'creator') as creators,
        (select count(*)::int from availability_slots) as slots, (select count(*)::int from bookings) as bookings,
        (select count(*)::int from reviews) as reviews`)
    ).rows;
    return { ...counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pool.end();
  }
}

const c = creatorTraits('i');

const usersSql = `
  insert into users (id, email, password_hash, account_type, role, warning_count, suspended_at, created_at, updated_at, email_verified_at)
  select ${uuidOf("'creator-user-' || i")}, 'creator' || i || '@bench.test', $2, 'creator', 'user', 0,
         case when i % 300 = 0 then $1::timestamptz - interval '2 days' end,
         $1::timestamptz - (i % 700) * interval '1 day', $1::timestamptz - (i % 700) * interval '1 day', $1::timestamptz - (i % 700) * interval '1 day'
    from generate_series(1, $3::int) i
  union all
  select ${uuidOf("'brand-user-' || j")}, 'brand' || j || '@bench.test', $2, 'brand', 'user', 0, null,
         $1::timestamptz - (j % 500) * interval '1 day', $1::timestamptz - (j % 500) * interval '1 day', $1::timestamptz - (j % 500) * interval '1 day'
    from generate_series(1, $4::int) j`;

/** Platforms: a non-empty subset per creator (bit mask 1..15), each with its handle. */
const creatorProfilesSql = `
  insert into profiles (id, user_id, account_type, display_name, bio, is_verified, platforms, hourly_rate_cents,
         minimum_hours, is_available, twitch_username, youtube_handle, tiktok_handle, instagram_handle, timezone,
         suspended_at, created_at, updated_at)
  select ${uuidOf("'creator-profile-' || i")}, ${uuidOf("'creator-user-' || i")}, 'creator',
         (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
         'I stream ' || (${sqlArray(TOPICS)})[1 + i % ${TOPICS.length}] || ' for a friendly community. Brand deals welcome.',
         i % 7 = 0, m.platforms, ${c.rateCents}, ${c.minimumHours}, i % 25 <> 0,
         case when m.mask & 1 > 0 then 'tw_creator' || i end, case when m.mask & 2 > 0 then 'yt_creator' || i end,
         case when m.mask & 4 > 0 then 'tt_creator' || i end, case when m.mask & 8 > 0 then 'ig_creator' || i end,
         ${c.zone}, case when i % 200 = 0 then $1::timestamptz - interval '3 days' end,
         $1::timestamptz - (i % 700) * interval '1 day', $1::timestamptz - (i % 50) * interval '1 hour'
    from generate_series(1, $2::int) i
   cross join lateral (select 1 + i % 15 as mask) b
   cross join lateral (
     select b.mask, array_remove(array[
       case when b.mask & 1 > 0 then 'twitch' end, case when b.mask & 2 > 0 then 'youtube' end,
       case when b.mask & 4 > 0 then 'tiktok' end, case when b.mask & 8 > 0 then 'instagram' end], null) as platforms
   ) m`;

const brandProfilesSql = `
  insert into profiles (id, user_id, account_type, display_name, bio, platforms, timezone, created_at, updated_at)
  select ${uuidOf("'brand-profile-' || j")}, ${uuidOf("'brand-user-' || j")}, 'brand', 'Brand ' || j || ' Co',
         'We make things people like.', '{}', (${sqlArray(ZONES)})[1 + j % ${ZONES.length}],
         $1::timestamptz - (j % 500) * interval '1 day', $1::timestamptz - (j % 500) * interval '1 day'
    from generate_series(1, $2::int) j`;

/**
 * Local working hours from tomorrow (creator's zone), one row per hour, inserted in index order
 * (creator, time): the exclusion constraint's GiST index then fills page by page.
 */
const slotsSql = `
  insert into availability_slots (id, streamer_id, start_time, end_time, is_booked, source, created_at, updated_at)
  select gen_random_uuid(), ${uuidOf("'creator-profile-' || i")} as streamer_id, s.start_time, s.start_time + interval '1 hour',
         false, 'manual', $1::timestamptz, $1::timestamptz
    from generate_series(1, $2::int) i
   cross join generate_series(1, $3::int) d
   cross join lateral generate_series(0, ${c.hoursPerDay} - 1) h
   cross join lateral (
     select ((($1::timestamptz at time zone ${c.zone})::date + d) + make_time(${c.firstHour} + h, 0, 0)) at time zone ${c.zone} as start_time
   ) s
   order by 2, 3`;

/**
 * What creators set in their scheduling (the rule every read of bookable slots applies): every 4th
 * a minimum notice of 1 to 48 hours, every 12th also buffers of 30 minutes around booked hours,
 * every 8th a horizon of 30 days.
 */
const settingsSql = `
  insert into availability_settings (streamer_id, min_notice_minutes, buffer_before_minutes, buffer_after_minutes, max_days_ahead, updated_at)
  select ${uuidOf("'creator-profile-' || i")}, 60 * (1 + i % 48),
         case when i % 12 = 0 then 30 else 0 end, case when i % 12 = 0 then 30 else 0 end,
         case when i % 8 = 0 then 30 else 90 end, $1::timestamptz
    from generate_series(1, $2::int) i where i % 4 = 0`;

/** Every 10th creator takes an afternoon off, the day after tomorrow (a busy range the rule reads). */
const timeOffSql = `
  insert into availability_blocks (id, streamer_id, source, during, title, created_at)
  select gen_random_uuid(), ${uuidOf("'creator-profile-' || i")}, 'time_off',
         tstzrange(date_trunc('day', $1::timestamptz) + interval '2 days 12 hours', date_trunc('day', $1::timestamptz) + interval '2 days 18 hours'),
         'Afternoon off', $1::timestamptz
    from generate_series(1, $2::int) i where i % 10 = 0`;

const heldSlotsSql = `
  update availability_slots s set is_booked = true, booking_id = b.id
    from bookings b
   where b.status in ('pending', 'confirmed') and s.streamer_id = b.streamer_id
     and s.start_time >= b.start_time and s.start_time < b.end_time`;

const reviewsSql = `
  insert into reviews (id, booking_id, streamer_id, reviewer_id, reviewee_id, rating, comment, created_at, revealed_at)
  select ${uuidOf("side || b.id::text")}, b.id, b.streamer_id,
         case when side = 'brand' then b.booker_id else p.user_id end,
         case when side = 'brand' then p.user_id else b.booker_id end,
         (array[5, 5, 4, 5, 4, 5, 3, 5, 2, 4, 5, 1])[1 + abs(hashtext(side || b.id::text)) % 12],
         (${sqlArray(COMMENTS)})[1 + abs(hashtext(b.id::text || side)) % ${COMMENTS.length}],
         b.end_time + case when side = 'brand' then interval '5 hours' else interval '7 hours' end,
         b.end_time + interval '7 hours' -- both sides wrote: revealed when the second review came in
    from bookings b
    join profiles p on p.id = b.streamer_id
   cross join (values ('brand'), ('creator')) v(side)
   where b.status in ('completed', 'auto_completed')`;

const ratingsSql = `
  update profiles p set average_rating = r.rating, review_count = r.n
    from (select reviewee_id, avg(rating)::float8 as rating, count(*)::int as n from reviews group by reviewee_id) r
   where r.reviewee_id = p.user_id`;

const bookingCountsSql = `
  update profiles p set total_bookings = b.n
    from (select streamer_id, count(*)::int as n from bookings
           where status in ('confirmed', 'completed', 'auto_completed', 'disputed') group by streamer_id) b
   where b.streamer_id = p.id`;

/**
 * `bookingsPerCreator` recent bookings (type (i + k) % 10, see BOOKING_TYPES) plus archived paid-out
 * ones. Booking k of a creator starts at the creator's first local hour on local day +1+k (future
 * types) or -(1+3k) (past types): one booking per creator per day, so live ones never overlap.
 */
function bookingsSql(size: SeedSize): string {
  const types = BOOKING_TYPES.map((t, n) => `(${n}, '${t.status}', '${t.payment}', ${t.when === 'future'})`).join(', ');
  const total = size.bookingsPerCreator + size.archivedBookingsPerCreator;
  return `
    with spec as (
      select i, k, ${uuidOf("'creator-profile-' || i")} as streamer_id,
             ${uuidOf("'brand-user-' || (1 + (i * 31 + k * 17) % $3::int)")} as booker_id,
             ${c.zone} as zone, ${c.firstHour} as first_hour, ${c.minimumHours} as hours, ${c.rateCents} as rate,
             case when k < ${size.bookingsPerCreator} then t.status else 'completed' end as status,
             case when k < ${size.bookingsPerCreator} then t.payment else 'paid_out' end as payment,
             k < ${size.bookingsPerCreator} and t.future as future
        from generate_series(1, $2::int) i
       cross join generate_series(0, ${total - 1}) k
        join (values ${types}) t(n, status, payment, future) on t.n = (i + k) % 10
    ), timed as (
      select spec.*, st.start_time, st.start_time + spec.hours * interval '1 hour' as end_time,
             spec.rate * spec.hours as total_cents, round(spec.rate * spec.hours * 0.10)::int as fee_cents
        from spec
       cross join lateral (
         select ((($1::timestamptz at time zone zone)::date + case when future then 1 + k else -(1 + 3 * k) end)
                 + make_time(first_hour, 0, 0)) at time zone zone as start_time
       ) st
    ), dated as (
      select timed.*, case when future then $1::timestamptz - (k + 1) * interval '1 hour' else start_time - interval '3 days' end as created_at
        from timed
    )
    insert into bookings (id, streamer_id, booker_id, start_time, end_time, total_hours, hourly_rate_cents, total_cents,
           fee_cents, streamer_amount_cents, status, payment_status, booking_details, streamer_confirmed, booker_confirmed,
           confirmation_deadline, cancellation_reason, cancelled_by, cancelled_at, refund_cents, policy, checkout_expires_at,
           authorized_at, accepted_at, completed_at, allocated_at, released_at, paid_out_at, created_at, updated_at, version)
    select ${uuidOf("'booking-' || i || '-' || k")}, streamer_id, booker_id, start_time, end_time, hours, rate, total_cents,
           fee_cents, total_cents - fee_cents, status, payment, 'Sponsored segment #' || k, status = 'completed', status = 'completed',
           end_time + interval '48 hours',
           case when status = 'cancelled' then 'Plans changed' end, case when status = 'cancelled' then booker_id end,
           case when status = 'cancelled' then created_at + interval '30 minutes' end,
           case when payment = 'refunded' then total_cents else 0 end, $4::jsonb, created_at + interval '15 minutes',
           case when payment <> 'unpaid' then created_at + interval '2 minutes' end,
           case when status not in ('pending', 'cancelled') then created_at + interval '3 hours' end,
           case when status in ('completed', 'auto_completed') then end_time + interval '2 hours' end,
           case when payment in ('allocated', 'released', 'paid_out') then end_time + interval '2 hours' end,
           case when payment in ('released', 'paid_out') then end_time + interval '50 hours' end,
           case when payment = 'paid_out' then end_time + interval '52 hours' end,
           created_at, created_at, 1
      from dated`;
}
