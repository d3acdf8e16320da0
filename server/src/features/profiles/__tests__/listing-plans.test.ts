import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarketplace } from '../../../../bench/seed';
import { createTestDatabase } from '../../../../test/harness';
import { explainPlan, indexesOf, type PlanNode } from '../../../../test/query-plans';
import type { Orm } from '../../../platform/db/orm';
import { countCreators, countStatement, listingStatement, parseCreatorFilter } from '../creator-search';
import { initOrm } from '../../../app/init-orm';
import { getOperationAST, getVariableValues, parse } from 'graphql';
import { CREATOR_PAGE, PARTNER_LISTING } from '../../../../bench/documents';
import { buildAppSchema } from '../../../app/schema';
import { creatorRoot, creatorsRoot } from '../creators.compiled';
import { availabilitySlotsRoot } from '../../availability/slots.compiled';
import { reviewsRoot } from '../../reviews/reviews.compiled';
import { compiledRoots } from '../../../platform/graphql/compiled-roots';
import type { GraphQLContext } from '../../../platform/graphql/context';

/**
 * The plans PostgreSQL picks for the listing's hot statements, on the bench's data shape (every
 * platform mix, 14 days of hourly slots, reviews) at a size where a sequential scan or a sort of
 * every creator would be a real choice for the planner. Each statement is checked as a custom
 * plan (values known) and as the generic plan a named prepared statement may switch to.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Orm;
let client: pg.Client;
const now = new Date();

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await initOrm({ clientUrl: db.url });
  await seedMarketplace(db.url, { creators: 2000, brands: 300, slotDays: 14, bookingsPerCreator: 2, archivedBookingsPerCreator: 2 }, now, () => {});
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The seed gives every 10th creator one afternoon off: 200 rows in three pages, which the planner
  // rightly reads whole for each card rather than probe an index. A creator whose calendar is
  // synced has a busy range most days: four weeks of them for those creators, the size at which a
  // read of every busy range would be a real choice, and must not be the one made.
  await client.query(`insert into availability_blocks (id, streamer_id, source, during, title, created_at)
    select gen_random_uuid(), b.streamer_id, 'time_off', tstzrange(lower(b.during) + make_interval(days => d), upper(b.during) + make_interval(days => d)), 'Busy', b.created_at
      from availability_blocks b, generate_series(1, 28) d`);
  await client.query('analyze');
});
afterAll(async () => {
  await client?.end();
  await orm?.close(true);
  await db?.drop();
});

/** EXPLAIN ANALYZE of a `?` statement as a prepared statement under the given plan cache mode. */
const plan = (sql: string, params: unknown[], mode: 'custom' | 'generic') => explainPlan(client, sql, params, mode);

/** No table is read whole and nothing sorts more than a page (`maxSorted` rows): the statement stops after its rows. */
function expectBounded(nodes: PlanNode[], maxSorted = 21) {
  expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
  for (const sort of nodes.filter((n) => n['Node Type'].includes('Sort'))) expect(sort['Actual Rows']).toBeLessThanOrEqual(maxSorted);
}

const cursorAfter = async (platform: string | null, offset: number) => {
  const { rows } = await client.query(
    `select average_rating, id from profiles where account_type = 'creator' and ($1::text is null or platforms @> array[$1])
      order by average_rating desc, id offset $2 limit 1`,
    [platform, offset],
  );
  return Buffer.from(JSON.stringify(['rating', rows[0].average_rating, rows[0].id])).toString('base64url');
};

describe('the listing page statement', () => {
  for (const mode of ['custom', 'generic'] as const) {
    it(`walks its platform's rating index, first and later pages (${mode} plan)`, async () => {
      for (const platform of ['twitch', 'instagram']) {
        for (const after of [null, await cursorAfter(platform, 200)]) {
          const st = listingStatement({ filter: { platform }, first: 20, after }, now);
          expect(st.fixed).toBe(true); // runs as a named prepared statement
          const nodes = await plan(st.sql, st.params, mode);
          expectBounded(nodes);
          const used = indexesOf(nodes);
          expect(used.has(`profiles_listed_${platform}_rating_idx`)).toBe(true);
          // The page reads a page of profiles, not the platform's thousand.
          const pageScan = nodes.find((n) => n['Index Name'] === `profiles_listed_${platform}_rating_idx`)!;
          expect(pageScan['Actual Rows']).toBeLessThanOrEqual(200);
        }
      }
    });

    it(`without a platform, walks the creators' rating index (${mode} plan)`, async () => {
      const st = listingStatement({ filter: {}, first: 20, after: await cursorAfter(null, 300) }, now);
      const nodes = await plan(st.sql, st.params, mode);
      expectBounded(nodes);
      expect(indexesOf(nodes).has('profiles_creator_rating_idx')).toBe(true);
    });
  }

  it("the compiled listing (one statement for the whole answer) walks the same page index, the cards' slot and review indexes, and stops after a page", async () => {
    const schema = buildAppSchema();
    const document = parse(PARTNER_LISTING);
    const operation = getOperationAST(document)!;
    const compiled = compiledRoots([creatorsRoot], { now: () => now });
    const ctx = { em: orm.em.fork(), services: { profiles: { countCreators: async () => 0 } } } as unknown as GraphQLContext;
    for (const platform of ['twitch', 'instagram']) {
      for (const after of [null, await cursorAfter(platform, 200)]) {
        const { coerced } = getVariableValues(schema, operation.variableDefinitions ?? [], { platform: platform.toUpperCase(), after });
        const st = (await compiled.statementFor({ schema, document, operation, variables: coerced!, ctx }))!;
        expect(st.fixed).toBe(true); // runs as a named prepared statement
        for (const mode of ['custom', 'generic'] as const) {
          const nodes = await plan(st.sql, st.params, mode);
          expectBounded(nodes);
          const used = indexesOf(nodes);
          expect(used.has(`profiles_listed_${platform}_rating_idx`)).toBe(true);
          expect(used.has('availability_slots_next_free_idx')).toBe(true);
          expect(used.has('reviews_reviewee_created_idx')).toBe(true);
          const pageScan = nodes.find((n) => n['Index Name'] === `profiles_listed_${platform}_rating_idx`)!;
          expect(pageScan['Actual Rows']).toBeLessThanOrEqual(200);
        }
      }
    }
  });

  it("counts what the listing lists (the count is cached per filter, so its plan is not on the hot path)", async () => {
    const filter = parseCreatorFilter({ platform: 'twitch' });
    const { rows } = await client.query(`select count(*)::int as n from profiles p join users u on u.id = p.user_id
      where p.account_type = 'creator' and p.suspended_at is null and u.suspended_at is null and 'twitch' = any(p.platforms)`);
    expect(rows[0].n).toBeGreaterThan(500);
    expect(await countCreators(orm.em.fork(), filter, now)).toBe(rows[0].n);
    expect(countStatement(filter, now).fixed).toBe(true);
  });

  it('the compiled creator page (profile, slots of a week, newest reviews: one statement) reads each by its index', async () => {
    const schema = buildAppSchema();
    const document = parse(CREATOR_PAGE);
    const operation = getOperationAST(document)!;
    const compiled = compiledRoots([creatorRoot, availabilitySlotsRoot, reviewsRoot], { now: () => now });
    const ctx = { em: orm.em.fork() } as unknown as GraphQLContext;
    const { rows: creators } = await client.query(`select id from profiles where account_type = 'creator' order by review_count desc, id limit 2`);
    for (const { id } of creators) {
      const variables = { id, from: now, to: new Date(now.getTime() + 7 * 86_400_000) };
      const st = (await compiled.statementFor({ schema, document, operation, variables, ctx }))!;
      expect(st.fixed).toBe(true);
      for (const mode of ['custom', 'generic'] as const) {
        const nodes = await plan(st.sql, st.params, mode);
        // The week's slots come from the GiST index unordered and are sorted by time: at most a week of hours
        // (how many the seed put in this week depends on the time of day the test runs).
        expectBounded(nodes, 7 * 24);
        const used = indexesOf(nodes);
        expect(used.has('profiles_pkey')).toBe(true);
        // The week's slots by creator and time (the no-overlap GiST index), the reviews by reviewee newest first.
        expect(used.has('availability_slots_no_overlap')).toBe(true);
        expect(used.has('reviews_reviewee_created_idx')).toBe(true);
        const slotScan = nodes.find((n) => n['Index Name'] === 'availability_slots_no_overlap')!;
        expect(slotScan['Actual Rows']).toBeLessThanOrEqual(7 * 24);
      }
    }
  });
});
