import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync, closeSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../src/platform/free-port';
import { sleep } from './stats';

/** What the bench reads from the server's GET /metrics. */
export interface ServerMetrics {
  sqlStatements: number;
  /** The same by statement kind (their first 80 characters). */
  sqlKinds: Map<string, number>;
  /** HTTP requests answered, without the bench's own /metrics and health probes. */
  httpRequests: number;
  rssBytes: number;
  websocketConnections: number;
}

export interface ServerProcess {
  url: string;
  wsUrl: string;
  jwtSecret: string;
  metrics(): Promise<ServerMetrics>;
  /** Resolves once the server has run no SQL for a second: work left from the last scenario is done. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the PRODUCTION build (`server/dist/app/main.js`, NODE_ENV=production) as a child process with
 * jobs, rate limits and demo data off and the SQL statement counter on. Its output goes to a log
 * file beside the bench data (cheap for both processes, and there to read when something fails).
 */
export async function startProductionServer(opts: {
  repoRoot: string;
  databaseUrl: string;
  logDir: string;
  /** Extra node flags, e.g. `--cpu-prof` (BENCH_SERVER_NODE_FLAGS). */
  nodeFlags: string[];
  /** Shared by every server of the run, so the bench's tokens work on each. */
  jwtSecret: string;
  /** The log file's name in `logDir`. */
  logName: string;
}): Promise<ServerProcess> {
  const main = path.join(opts.repoRoot, 'server', 'dist', 'app', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} does not exist: run \`pnpm build\` first (the root \`pnpm bench\` does)`);
  mkdirSync(opts.logDir, { recursive: true });
  const logFile = path.join(opts.logDir, opts.logName);
  const log = openSync(logFile, 'w');
  const port = await freePort();
  const jwtSecret = opts.jwtSecret;
  const metricsToken = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, [...opts.nodeFlags, main], {
    cwd: path.join(opts.repoRoot, 'server'),
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: jwtSecret,
      SECRETS_KEY: jwtSecret,
      // Sessions outlive the run (the default 15 minutes would expire mid-bench).
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      JOBS_ENABLED: 'false',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_ENABLED: 'false',
      // Every simulated user's socket comes from 127.0.0.1.
      WS_MAX_CONNECTIONS_PER_IP: '100000',
      SQL_STATEMENT_COUNTER: 'true',
      // Production serves /metrics only to bearers of this token.
      METRICS_TOKEN: metricsToken,
      NO_COLOR: '1', // the ORM query log that feeds the counter skips colouring
      LOG_LEVEL: 'info',
      CLIENT_DIST: path.join(opts.repoRoot, 'client', 'dist'),
    },
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');

  // Ready: /readyz answers.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${tail()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready within 180 s:\n${tail()}`);
    }
    await sleep(200);
  }

  const metrics = async () => parseMetrics(await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text());
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    jwtSecret,
    metrics,
    settle: async () => {
      const deadline = Date.now() + 120_000;
      let last = (await metrics()).sqlStatements;
      let quietSince = Date.now();
      while (Date.now() - quietSince < 1000 && Date.now() < deadline) {
        await sleep(250);
        const now = (await metrics()).sqlStatements;
        if (now !== last) quietSince = Date.now();
        last = now;
      }
    },
    stop: () => stopChild(child, exited),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

function parseMetrics(text: string): ServerMetrics {
  const m: ServerMetrics = { sqlStatements: 0, sqlKinds: new Map(), httpRequests: 0, rssBytes: 0, websocketConnections: 0 };
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith('sql_statements_total ')) m.sqlStatements = value;
    else if (line.startsWith('sql_statement_kinds_total{')) m.sqlKinds.set(line.slice(line.indexOf('"') + 1, line.lastIndexOf('"')), value);
    else if (line.startsWith('process_resident_memory_bytes ')) m.rssBytes = value;
    else if (line.startsWith('websocket_connections_open ')) m.websocketConnections = value;
    else if (line.startsWith('http_requests_total{') && !/route="\/(metrics|healthz|readyz)"/.test(line)) m.httpRequests += value;
  }
  return m;
}
