import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../platform/free-port';

/**
 * The real entry point (src/app/main.ts) with no DATABASE_URL, as `pnpm start` runs it: it starts and
 * owns an embedded PostgreSQL. Killing that database's postmaster (`kill -9`) must not take the
 * product down for long; a database that cannot come back must end the process with a non-zero
 * code, for an outer supervisor (systemd, Docker, Kubernetes) to restart everything.
 */
const serverDir = path.resolve(__dirname, '..', '..', '..', '..');
let dataDir: string;
let pgPort: number;
let server: ChildProcess;
let output = '';
let base = '';
let exited: Promise<number | null>;

async function waitFor<T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Claims of the webhook work queue (polled every 5 s) that succeeded, from /metrics. */
const sweepRuns = async () =>
  Number(/^job_claims_total\{queue="webhook-deliveries",outcome="ok"\} (\d+)/m.exec(await (await fetch(`${base}/metrics`)).text())?.[1] ?? 0);
const postmasterPid = async () => Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
const listing = () =>
  fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ creators(first: 1) { totalCount } }' }) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'collab-supervised-'));
  await chmod(dataDir, 0o755);
  pgPort = await freePort();
  server = spawn(process.execPath, ['-r', '@swc-node/register', 'src/app/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      JOBS_ENABLED: 'true',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'info',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  const port = await waitFor('the server to announce its URL', () => /running at http:\/\/localhost:(\d+)/.exec(output)?.[1]);
  base = `http://127.0.0.1:${port}`;
  await waitFor('the background jobs to run', async () => (await sweepRuns()) > 0, 30_000);
}, 180_000);

afterAll(async () => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  // A postmaster left running (only if that pid still is one: never another process that took the number).
  try {
    const pid = await postmasterPid();
    if ((await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes(dataDir)) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded database under `pnpm start`', () => {
  it('is restarted after kill -9 of its postmaster; meanwhile 503 SERVICE_UNAVAILABLE, then served again within 10 s', async () => {
    expect((await listing()).status).toBe(200);
    const killedAt = Date.now();
    process.kill(await postmasterPid(), 'SIGKILL');

    const statuses = new Set<number>();
    await waitFor(
      'service to resume',
      async () => {
        const res = await listing();
        statuses.add(res.status);
        if (res.status === 503) expect((await res.json()).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
        return res.status === 200 && statuses.has(503);
      },
      10_000,
    );
    console.log(`pnpm start: served again ${Date.now() - killedAt} ms after kill -9 of the embedded postmaster`);
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: 'up' });
    expect(output).toMatch(/embedded PostgreSQL exited \(SIGKILL\); restarting it/);

    // The background work came back too: the webhook queue's 5-second poll claims again.
    const runs = await sweepRuns();
    await waitFor('the webhook sweep to run again', async () => (await sweepRuns()) > runs, 20_000);
  }, 45_000);

  it('exits with code 1 when the database cannot be restarted (its port taken)', async () => {
    process.kill(await postmasterPid(), 'SIGKILL');
    const squatter = net.createServer((socket) => socket.destroy());
    await waitFor('the port to be free', () => new Promise<boolean>((resolve) => {
      squatter.once('error', () => resolve(false));
      squatter.listen(pgPort, '127.0.0.1', () => resolve(true));
    }), 5000);
    try {
      // Six attempts, 0.25 s to 8 s apart (about 16 s), then a stop with code 1 (graceful, at most 15 s).
      expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 50_000))])).toBe(1);
      expect(output).toMatch(/embedded PostgreSQL could not be restarted; exiting with code 1/);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  }, 70_000);
});
