import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../src/db/orm';
import { createServer } from '../../src/server';
import type { RequestSpec } from '../load';
import { latencyOf, type Latency } from '../stats';

/** The statement as sent, from an ORM query-log line: `[query] <sql> [took 3 ms, 20 results]` (maybe coloured). */
export function sqlOfLogLine(line: string): string {
  return line
    .replace(/\x1b\[[0-9;]*m/g, '')
    .replace(/^\[query\] /, '')
    .replace(/ \[took \d+ ms[^\]]*\]$/, '');
}

/**
 * The SQL each request makes the resolvers run, captured from the ORM's query log of an
 * in-process server (the same code as the build) answering the requests one at a time.
 */
export async function captureStatements(databaseUrl: string, requests: RequestSpec[]): Promise<string[][]> {
  const log: string[] = [];
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false' });
  // With `query-params` the log shows each statement exactly as sent (MikroORM inlines the parameters).
  const orm = await MikroORM.init({ ...ormOptions({ clientUrl: databaseUrl }), debug: ['query', 'query-params'], logger: (line: string) => log.push(line) });
  const server = await createServer({ config, orm, logger: pino({ level: 'silent' }) });
  try {
    await new Promise<void>((resolve) => server.httpServer.listen(0, '127.0.0.1', resolve));
    const { port } = server.httpServer.address() as AddressInfo;
    const captured: string[][] = [];
    for (const req of requests) {
      log.length = 0;
      const res = await fetch(`http://127.0.0.1:${port}${req.path}`, { method: req.method, headers: { 'content-type': 'application/json', ...req.headers }, body: req.body });
      await res.text();
      if (log.length === 0) throw new Error(`no SQL was captured for ${req.method} ${req.path}: the ORM's query log no longer reaches the capture`);
      captured.push(log.map(sqlOfLogLine));
    }
    return captured;
  } finally {
    await server.close();
    await orm.close(true);
  }
}

export interface CeilingResult extends Latency {
  requests: number;
  rps: number;
  statementsPerRequest: number;
}

/**
 * The ceiling: the captured statements of each request run one after another straight through a
 * `pg` Pool (the ORM's pool size), by as many concurrent workers as the load test has connections.
 */
export async function runSqlCeiling(
  databaseUrl: string,
  perRequest: string[][],
  opts: { connections: number; warmupSeconds: number; runSeconds: number },
): Promise<CeilingResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: ormOptions({ clientUrl: databaseUrl }).pool?.max ?? 20 });
  let next = 0;
  const run = async (seconds: number, latencies: number[] | null) => {
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: opts.connections }, async () => {
        while (performance.now() < deadline) {
          const statements = perRequest[next++ % perRequest.length];
          const started = performance.now();
          for (const sql of statements) await pool.query(sql);
          latencies?.push(performance.now() - started);
        }
      }),
    );
  };
  try {
    await run(opts.warmupSeconds, null);
    const latencies: number[] = [];
    const started = performance.now();
    await run(opts.runSeconds, latencies);
    const seconds = (performance.now() - started) / 1000;
    const statements = perRequest.reduce((n, s) => n + s.length, 0) / perRequest.length;
    return { requests: latencies.length, rps: latencies.length / seconds, ...latencyOf(latencies), statementsPerRequest: statements };
  } finally {
    await pool.end();
  }
}
