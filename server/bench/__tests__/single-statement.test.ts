import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { PARTNER_LISTING } from '../documents';
import { seedMarketplace } from '../seed';
import { PLATFORMS } from '../scenarios/listing';
import { limitPageOf, queryLimitPage } from '../scenarios/single-statement';

let app: TestApp;
let db: pg.Client;

/** The bench's own data set, small: every platform mix, free and booked hours, reviews, rating ties. */
beforeAll(async () => {
  app = await startTestApp();
  await seedMarketplace(app.orm.config.getClientUrl(), { creators: 150, brands: 60, slotDays: 3, bookingsPerCreator: 3, archivedBookingsPerCreator: 2 }, app.clock.now(), () => {});
  db = new pg.Client({ connectionString: app.orm.config.getClientUrl() });
  await db.connect();
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
