import 'reflect-metadata';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { startProductionServer } from './server-process';
import { loadFixtures } from './fixtures';
import { graphqlFailed, runLoad } from './load';
import { listingRequests, signedIn, rotate } from './scenarios/listing';
import { creatorPageRequests } from './scenarios/creator-page';
import { checkoutRequests } from './scenarios/checkout';
async function main() {
  const which = process.argv[2];
  const e = await startEmbeddedPostgres({ dataDir: path.join(__dirname, '.data'), port: 54339, database: 'postgres' });
  const url = e.url.replace(/\/postgres$/, '/collab_bench');
  const server = await startProductionServer({ repoRoot: path.resolve(__dirname, '../..'), databaseUrl: url, logDir: path.join(__dirname, '.data'), nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${path.join(__dirname, '.data/prof')}`] });
  const fx = await loadFixtures(url, server.jwtSecret, { liveCreators: 2, raceHours: 1, checkoutHours: which === 'checkout' ? 8000 : 10, publicCreators: 500 });
  const next = which === 'listing' ? signedIn(await listingRequests(server), fx.brands)
    : which === 'creator' ? signedIn(creatorPageRequests(fx.publicCreatorIds, new Date()), fx.brands)
    : which === 'rest' ? rotate([{ method: 'GET' as const, path: '/api/v1/streamers?platform=twitch&page=1&limit=20' }])
    : checkoutRequests(fx.checkoutHours, fx.brands);
  const r = await runLoad({ server, connections: 32, warmupSeconds: 3, runSeconds: 15, next, isError: graphqlFailed });
  console.log(which, r);
  await server.stop();
  await e.stop();
  process.exit(0);
}
main().catch((err) => { console.error(err); process.exit(1); });
