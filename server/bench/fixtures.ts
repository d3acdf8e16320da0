import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { TokenIssuer } from '../src/platform/auth/tokens';
import { newApiKeySecret } from '../src/features/partners/api-key.secret';
import { AccountType, UserRole } from '../src/features/users/user.entity';

/** A free future hour of a creator that a checkout can take. */
export interface FreeHour {
  creatorId: string;
  creatorUserId: string;
  startTime: string;
  endTime: string;
}

export interface SignedIn {
  userId: string;
  token: string;
}

/**
 * The ids each scenario works on, read from the seeded database. Creators are split so scenarios
 * never compete for the same hours: one for the race, some for live updates, the rest for checkout.
 */
export interface Fixtures {
  publicCreatorIds: string[];
  brands: SignedIn[];
  /** Partner API keys (one per brand of the first 50), sent as `x-api-key`. */
  apiKeys: string[];
  raceHours: FreeHour[];
  liveCreators: SignedIn[];
  /** One free hour per live creator, in the same order. */
  liveHours: FreeHour[];
  checkoutHours: FreeHour[];
}

/**
 * Creators a checkout accepts: public, taking bookings, one-hour minimum, and on the default
 * scheduling (no settings of their own, no time off: the seed gives some creators those, and the
 * checkout scenarios pick free hours that only the defaults' four hours of notice keep bookable).
 */
const BOOKABLE = `p.account_type = 'creator' and p.suspended_at is null and u.suspended_at is null and p.is_available
  and p.hourly_rate_cents is not null and p.minimum_hours = 1
  and not exists (select 1 from availability_settings g where g.streamer_id = p.id)
  and not exists (select 1 from availability_blocks b where b.streamer_id = p.id)`;

/** The statuses `bookings_no_overlap` keeps apart (migration 0002). */
const LIVE_STATUSES = `'pending', 'confirmed', 'completed', 'auto_completed', 'disputed'`;

export async function loadFixtures(
  databaseUrl: string,
  jwtSecret: string,
  opts: { liveCreators: number; raceHours: number; checkoutHours: number; publicCreators: number },
): Promise<Fixtures> {
  const tokens = new TokenIssuer(jwtSecret, 86_400);
  const sign = (userId: string, acct: AccountType): SignedIn => ({
    userId,
    token: tokens.signAccessToken({ sub: userId, role: UserRole.USER, acct, sid: randomUUID() }, new Date()).token,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];
    // Live creators book and cancel (their hours come back), but need one free hour to start with.
    const live = await query<{ id: string }>(
      `select p.id from profiles p join users u on u.id = p.user_id
        where ${BOOKABLE} and exists (select 1 from availability_slots s where s.streamer_id = p.id and not s.is_booked and s.start_time > now() + interval '1 day')
        order by p.id limit $1`,
      [opts.liveCreators],
    );
    // Each race books its hours for good: with --reuse-data, the next creator in line that still has enough.
    const [race] = await query<{ id: string }>(
      `select p.id from profiles p join users u on u.id = p.user_id
        where ${BOOKABLE} and not (p.id = any($1))
          and (select count(*) from availability_slots s
                where s.streamer_id = p.id and not s.is_booked and s.start_time > now() + interval '1 day') >= $2
        order by p.id limit 1`,
      [live.map((c) => c.id), opts.raceHours],
    );
    if (!race) throw new Error('no creator has enough free hours left for the race: run the bench without --reuse-data');
    const freeHours = (where: string, params: unknown[], limit: number) =>
      query<{ streamer_id: string; user_id: string; start_time: Date; end_time: Date }>(
        `select s.streamer_id, p.user_id, s.start_time, s.end_time
           from availability_slots s join profiles p on p.id = s.streamer_id join users u on u.id = p.user_id
          where not s.is_booked and s.start_time > now() + interval '1 hour'
            -- nor under a live booking that holds no slot (bookings_no_overlap would refuse it)
            and not exists (select 1 from bookings b where b.streamer_id = s.streamer_id and b.status in (${LIVE_STATUSES})
                              and b.start_time < s.end_time and b.end_time > s.start_time)
            and ${where}
          limit ${limit}`,
        params,
      ).then((rows) =>
        rows.map((r) => ({ creatorId: r.streamer_id, creatorUserId: r.user_id, startTime: r.start_time.toISOString(), endTime: r.end_time.toISOString() })),
      );
    const raceHours = await freeHours('s.streamer_id = $1 order by s.start_time', [race.id], opts.raceHours);
    const liveHours = await freeHours(
      `s.streamer_id = any($1) and s.start_time = (select min(f.start_time) from availability_slots f
         where f.streamer_id = s.streamer_id and not f.is_booked and f.start_time > now() + interval '1 hour') order by p.id`,
      [live.map((c) => c.id)],
      live.length,
    );
    // Random free hours of every other bookable creator (so checkouts spread over creators as in life).
    const checkoutHours = await freeHours(`${BOOKABLE} and not (s.streamer_id = any($1)) order by random()`, [[race, ...live].map((c) => c.id)], opts.checkoutHours);
    const brands = await query<{ id: string }>(`select id from users where account_type = 'brand' order by id`);
    const publicCreators = await query<{ id: string }>(
      `select p.id from profiles p join users u on u.id = p.user_id
        where p.account_type = 'creator' and p.suspended_at is null and u.suspended_at is null order by random() limit $1`,
      [opts.publicCreators],
    );
    // Partner keys of this run: made here (the secret is only known at creation), dropped at the next run.
    await query(`delete from api_keys where name = 'bench'`);
    const apiKeys: string[] = [];
    for (const brand of brands.slice(0, 50)) {
      const key = newApiKeySecret();
      await query(
        `insert into api_keys (id, user_id, name, prefix, key_hash, created_by, created_at) values ($1, $2, 'bench', $3, $4, $2, now())`,
        [randomUUID(), brand.id, key.prefix, key.hash],
      );
      apiKeys.push(key.secret);
    }
    return {
      apiKeys,
      publicCreatorIds: publicCreators.map((r) => r.id),
      brands: brands.map((b) => sign(b.id, AccountType.BRAND)),
      raceHours,
      liveCreators: liveHours.map((h) => sign(h.creatorUserId, AccountType.CREATOR)),
      liveHours,
      checkoutHours,
    };
  } finally {
    await client.end();
  }
}
