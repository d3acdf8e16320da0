import 'reflect-metadata';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { ormOptions } from '../src/db/orm';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { loadFixtures } from './fixtures';
import { CREATOR_PAGE, CREATE_CHECKOUT, gqlBody } from './documents';
import { sqlOfLogLine } from './scenarios/sql-ceiling';
async function main() {
  const e = await startEmbeddedPostgres({ dataDir: path.join(__dirname, '.data'), port: 54339, database: 'postgres' });
  const url = e.url.replace(/\/postgres$/, '/' + (process.env.DB ?? 'collab_bench_smoke'));
  const secret = 'x'.repeat(40);
  const log: string[] = [];
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, JOBS_ENABLED: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', JWT_SECRET: secret });
  const orm = await MikroORM.init({ ...ormOptions({ clientUrl: url, onQuery: (l) => log.push(l) }), debug: ['query', 'query-params'] });
  const server = await createServer({ config, orm, logger: pino({ level: 'silent' }) });
  await new Promise<void>((r) => server.httpServer.listen(0, '127.0.0.1', r));
  const { port } = server.httpServer.address() as AddressInfo;
  const fx = await loadFixtures(url, secret, { liveCreators: 2, raceHours: 2, checkoutHours: 5, publicCreators: 3 });
  const now = new Date();
  const reqs: [string, string, Record<string, string>][] = [
    ['creator page', gqlBody(CREATOR_PAGE, { id: fx.publicCreatorIds[0], from: now.toISOString(), to: new Date(now.getTime() + 7 * 86400000).toISOString() }), {}],
    ['checkout', gqlBody(CREATE_CHECKOUT, { input: { streamerId: fx.checkoutHours[0].streamerId, startTime: fx.checkoutHours[0].startTime, endTime: fx.checkoutHours[0].endTime } }), { authorization: `Bearer ${fx.brands[0].token}` }],
  ];
  for (const [name, body, headers] of reqs) {
    log.length = 0;
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const text = await res.text();
    console.log(`===== ${name}: ${res.status} ${text.slice(0, 200)}`);
    for (const l of log) console.log('  ' + sqlOfLogLine(l).slice(0, Number(process.env.W ?? 220)));
  }
  await server.close(); await orm.close(true); await e.stop(); process.exit(0);
}
main().catch((err) => { console.error(err); process.exit(1); });
