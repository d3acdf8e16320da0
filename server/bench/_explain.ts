import 'reflect-metadata';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { captureStatements } from './scenarios/sql-ceiling';
import { PARTNER_LISTING, gqlBody } from './documents';
async function main() {
  const e = await startEmbeddedPostgres({ dataDir: path.join(__dirname, '.data'), port: 54339, database: 'postgres' });
  const url = e.url.replace(/\/postgres$/, '/' + (process.env.DB ?? 'collab_bench'));
  const caps = await captureStatements(url, [{ method: 'POST', path: '/graphql', body: gqlBody(PARTNER_LISTING, { platform: 'TWITCH', after: null }) }]);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const s of caps[0]) {
    for (let i = 0; i < 2; i++) await c.query(s);
    const r = await c.query('explain (analyze, buffers) ' + s);
    console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'), '\n=======');
  }
  await c.end();
  await e.stop();
  process.exit(0);
}
main().catch((err) => { console.error(err); process.exit(1); });
