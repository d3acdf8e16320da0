import 'reflect-metadata';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { captureStatements } from './scenarios/sql-ceiling';
import { PARTNER_LISTING, gqlBody } from './documents';
async function main() {
  const e = await startEmbeddedPostgres({ dataDir: path.join(__dirname, '.data'), port: 54339, database: 'postgres' });
  const url = e.url.replace(/\/postgres$/, '/collab_bench_smoke');
  const caps = await captureStatements(url, [{ method: 'POST', path: '/graphql', body: gqlBody(PARTNER_LISTING, { platform: 'TWITCH', after: null }) }]);
  for (const s of caps[0]) console.log(s.slice(0, 3000), '\n----');
  await e.stop();
  process.exit(0);
}
main();
