import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { PARTNER_LISTING } from '../documents';
import { seedMarketplace } from '../seed';
import { PLATFORMS } from '../scenarios/listing';
import { limitPageOf, queryLimitPage } from '../scenarios/single-statement';

let app: TestApp;
let db: pg.Client;

/** Who the API's rules touch on the first Twitch page (see beforeAll). */
let ruled: { notice: string; horizon: string; blocked: string; buffered: string; unrevealed: string; unverified: string };

/**
 * The bench's own data set, small: every platform mix, free and booked hours, reviews, rating ties.
 * Then, on the first Twitch page, one creator for each rule the API applies and the bench's data
 * alone never exercises: a long minimum notice, a short horizon, time off, buffers around a booked
 * hour, a review not yet revealed, and an owner who has not verified their e-mail address.
 */
beforeAll(async () => {
  app = await startTestApp();
  await seedMarketplace(app.orm.config.getClientUrl(), { creators: 150, brands: 60, slotDays: 3, bookingsPerCreator: 3, archivedBookingsPerCreator: 2 }, app.clock.now(), () => {});
  db = new pg.Client({ connectionString: app.orm.config.getClientUrl() });
  await db.connect();
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `select p.id, p.user_id from profiles p where p.account_type = 'creator' and p.platforms @> '{twitch}' order by p.average_rating desc, p.id limit 6`,
  );
  const [notice, horizon, blocked, buffered, unrevealed, unverified] = rows;
  ruled = { notice: notice.id, horizon: horizon.id, blocked: blocked.id, buffered: buffered.id, unrevealed: unrevealed.id, unverified: unverified.id };
  const now = app.clock.now();
  await db.query(`insert into availability_settings (streamer_id, min_notice_minutes) values ($1, 2880)
     on conflict (streamer_id) do update set min_notice_minutes = 2880, buffer_before_minutes = 0, buffer_after_minutes = 0, max_days_ahead = 90`, [notice.id]);
  await db.query(`insert into availability_settings (streamer_id, min_notice_minutes, max_days_ahead) values ($1, 0, 2)
     on conflict (streamer_id) do update set min_notice_minutes = 0, buffer_before_minutes = 0, buffer_after_minutes = 0, max_days_ahead = 2`, [horizon.id]);
  await db.query(
    `insert into availability_blocks (id, streamer_id, source, during)
     select gen_random_uuid(), $1, 'time_off', tstzrange(min(start_time), min(start_time) + interval '6 hours') from availability_slots
      where streamer_id = $1 and not is_booked and start_time > $2::timestamptz + interval '4 hours'`,
    [blocked.id, now],
  );
  await db.query(`insert into availability_settings (streamer_id, min_notice_minutes, buffer_before_minutes, buffer_after_minutes) values ($1, 240, 60, 60)
     on conflict (streamer_id) do update set min_notice_minutes = 240, buffer_before_minutes = 60, buffer_after_minutes = 60, max_days_ahead = 90`, [buffered.id]);
  await db.query(
    `update availability_slots set is_booked = true where id = (select id from availability_slots
      where streamer_id = $1 and not is_booked and start_time > $2::timestamptz + interval '4 hours' order by start_time offset 1 limit 1)`,
    [buffered.id, now],
  );
  await db.query(
    `update reviews set revealed_at = null where id = (select id from reviews where reviewee_id = $1 order by created_at desc, id desc limit 1)`,
    [unrevealed.user_id],
  );
  await db.query(`update users set email_verified_at = null where id = $1`, [unverified.user_id]);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

describe('the single-statement limit of the bench', () => {
  it('answers every page of every platform exactly as the API does (edges, cursors, pageInfo), page after page', async () => {
    let compared = 0;
    for (const platform of PLATFORMS) {
      let after: string | null = null;
      for (let page = 1; page <= 4; page++) {
        const now = app.clock.now();
        const api = await app.gql(PARTNER_LISTING, { platform, after });
        expect(api.body.errors).toBeUndefined();
        const limit = await queryLimitPage(db, limitPageOf(platform, after), now);
        expect(limit).toEqual(api.body.data.creators);
        compared += 1;
        const { hasNextPage, endCursor } = api.body.data.creators.pageInfo;
        if (!hasNextPage) break;
        after = endCursor;
      }
    }
    // 150 creators over four platforms: several full pages each, and the last page of some.
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it('applies the rules the API applies, on creators they change (so the comparison above covers them)', async () => {
    const now = app.clock.now().getTime();
    const first = (await queryLimitPage(db, limitPageOf('TWITCH', null), app.clock.now())) as {
      edges: { node: { id: string; nextFreeSlots: { startTime: string }[]; latestReviews: unknown[]; reviewCount: number } }[];
    };
    const card = (id: string) => first.edges.find((e) => e.node.id === id)?.node;
    const starts = (id: string) => card(id)!.nextFreeSlots.map((s) => new Date(s.startTime).getTime());
    expect(card(ruled.unverified)).toBeUndefined();
    expect(starts(ruled.notice).length).toBeGreaterThan(0);
    expect(Math.min(...starts(ruled.notice))).toBeGreaterThanOrEqual(now + 48 * 3_600_000);
    expect(Math.max(...starts(ruled.horizon))).toBeLessThan(now + 2 * 86_400_000);
    const { rows: blocks } = await db.query<{ lower: Date; upper: Date }>('select lower(during), upper(during) from availability_blocks where streamer_id = $1', [ruled.blocked]);
    expect(starts(ruled.blocked).filter((t) => t >= blocks[0].lower.getTime() && t < blocks[0].upper.getTime())).toEqual([]);
    const { rows: booked } = await db.query<{ start_time: Date }>('select start_time from availability_slots where streamer_id = $1 and is_booked order by start_time', [ruled.buffered]);
    for (const b of booked) expect(starts(ruled.buffered)).not.toContain(b.start_time.getTime() + 3_600_000);
  });

  it('compares pages with content: slots, reviews and ratings are really there', async () => {
    const limit = (await queryLimitPage(db, limitPageOf('TWITCH', null), app.clock.now())) as {
      edges: { node: { nextFreeSlots: unknown[]; latestReviews: unknown[]; averageRating: number } }[];
    };
    expect(limit.edges).toHaveLength(20);
    expect(limit.edges.some((e) => e.node.nextFreeSlots.length === 5)).toBe(true);
    expect(limit.edges.some((e) => e.node.latestReviews.length === 3)).toBe(true);
    expect(limit.edges.some((e) => e.node.averageRating > 0)).toBe(true);
  });
});
