import { startEmbeddedPostgres } from '../src/db/embedded';
import pg from 'pg';
import path from 'node:path';
async function main() {
  const e = await startEmbeddedPostgres({ dataDir: path.join(__dirname, '.data'), port: 54339, database: 'postgres' });
  const url = e.url.replace(/\/postgres$/, '/' + (process.env.DB ?? 'collab_bench'));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const sql of process.argv.slice(2)) {
    const t = performance.now();
    const r = await c.query(sql);
    console.log(`-- ${((performance.now() - t)).toFixed(1)} ms, ${r.rowCount} rows`);
    if (r.rows?.length) console.log(r.rows.slice(0, 40).map((x: any) => Object.values(x).join(' | ')).join('\n'));
  }
  await c.end();
  if (!process.env.KEEP) await e.stop();
  process.exit(0);
}
main().catch((e) => { console.error(e); process.exit(1); });
