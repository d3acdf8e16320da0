import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';

/**
 * The real entry point (src/app/main.ts) with WEB_CONCURRENCY=2, as an operator runs it: one primary,
 * two workers behind one port. Its JSON log lines carry each process's pid, which tells the
 * workers apart.
 */
const serverDir = path.resolve(__dirname, '..', '..', '..', '..');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let primary: ChildProcess;
let output = '';
let base = '';
let exited: Promise<number | null>;

interface LogLine {
  pid: number;
  msg: string;
  req?: { url: string };
}
const logLines = (): LogLine[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
const workerPids = () => [...new Set(logLines().filter((l) => l.msg === 'server listening').map((l) => l.pid))];

async function waitFor<T>(what: string, probe: () => T | undefined | null | false, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A GET on a connection of its own (no keep-alive), so the primary hands each one to a worker in turn. */
function getOnNewConnection(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

// /readyz: a request the server logs (health probes and scrapes are not logged).
const readyzCount = (metrics: string) =>
  Number(/^http_requests_total\{method="GET",route="\/readyz",status="200"\} (\d+)/m.exec(metrics)?.[1] ?? 0);

beforeAll(async () => {
  db = await createTestDatabase();
  primary = spawn(process.execPath, ['-r', '@swc-node/register', 'src/app/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: db.url,
      JOBS_ENABLED: 'false',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'info',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (d) => (output += d));
  primary.stderr!.on('data', (d) => (output += d));
  exited = new Promise((resolve) => primary.once('exit', (code) => resolve(code)));
  const port = await waitFor('the primary to announce the URL', () => /running at http:\/\/localhost:(\d+)/.exec(output)?.[1]);
  base = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  for (const pid of workerPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await db?.drop();
});

describe('WEB_CONCURRENCY=2', () => {
  it('serves one port from two worker processes, and /metrics counts the requests of both', async () => {
    expect(workerPids()).toHaveLength(2);
    expect(workerPids()).not.toContain(primary.pid);
    const before = readyzCount((await getOnNewConnection('/metrics')).body);

    for (let i = 0; i < 20; i++) expect((await getOnNewConnection('/readyz')).status).toBe(200);

    const servedBy = await waitFor('the request logs', () => {
      const pids = new Set(logLines().filter((l) => l.req?.url === '/readyz').map((l) => l.pid));
      return pids.size === 2 && pids;
    });
    expect([...servedBy].sort()).toEqual(workerPids().sort());
    // Whichever worker answers the scrape, it reports the whole server.
    for (let i = 0; i < 2; i++) expect(readyzCount((await getOnNewConnection('/metrics')).body) - before).toBe(20);
  });

  it('replaces a worker that dies and keeps serving', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim, 'SIGKILL');
    const replacement = await waitFor('a new worker', () => workerPids().find((pid) => pid !== victim && pid !== survivor));
    expect(replacement).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) expect((await getOnNewConnection('/readyz')).status).toBe(200);
  });

  it('stops on SIGTERM: every worker drains and exits, then the primary exits 0', async () => {
    const live = workerPids().filter((pid) => isRunning(pid));
    expect(live).toHaveLength(2);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of live) expect(isRunning(pid)).toBe(false);
    expect(logLines().filter((l) => l.msg === 'shutdown complete').map((l) => l.pid).sort()).toEqual([...live, primary.pid].sort());
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
