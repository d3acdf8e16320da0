import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarketplace } from '../../../../bench/seed';
import { createTestDatabase } from '../../../../test/harness';
import { explainPlan, indexesOf } from '../../../../test/query-plans';
import { initOrm } from '../../../app/init-orm';
import type { Orm } from '../../../platform/db/orm';
import { accountSearchStatement } from '../account-search';

/**
 * Support's account search on 20,000 accounts (the bench's creators and brands): the matches come
 * from the trigram indexes on the lower-cased e-mail and display name, never from reading every
 * account (a sequential scan the planner would pick without them).
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Orm;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await initOrm({ clientUrl: db.url });
  await seedMarketplace(db.url, { creators: 10_000, brands: 10_000, slotDays: 1, bookingsPerCreator: 0, archivedBookingsPerCreator: 0 }, new Date(), () => {});
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query('analyze');
}, 120_000);
afterAll(async () => {
  await client?.end();
  await orm?.close(true);
  await db?.drop();
});

describe('support account search plan', () => {
  // Part of an e-mail (creator4321@bench.test), part of a name, and one that matches nothing.
  it.each(['reator4321', 'brand 77 co', 'nobody-here'])('"%s" reads both trigram indexes and no table whole', async (needle) => {
    const { sql, params } = accountSearchStatement(needle);
    const nodes = await explainPlan(client, sql, params, 'custom');
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    expect([...indexesOf(nodes)]).toEqual(expect.arrayContaining(['users_email_lower_trgm', 'profiles_display_name_lower_trgm']));
  });

  it('finds what the search promises', async () => {
    const { sql, params } = accountSearchStatement('reator4321');
    const rows = await orm.em.fork().getConnection().execute<{ email: string }[]>(sql, params);
    expect(rows.map((r) => r.email)).toEqual(['creator4321@bench.test']);
  });
});
