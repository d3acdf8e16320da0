import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, serverDist, testDatabases } from './server-build';

/**
 * Starts the real production server (server/dist/app/main.js, serving client/dist) on a free port
 * with a fresh database: a throw-away embedded PostgreSQL, or a new database on
 * TEST_DATABASE_URL's server when that is set. The test clock is on; no demo data unless asked for (screenshots).
 */
export interface E2EServer {
  url: string;
  env: Record<string, string>;
  /** Runs one of the server's CLI scripts (e.g. create-support) against the same database. */
  cli(script: string, args: string[]): Promise<string>;
  stop(): Promise<void>;
  logs: string[];
}

export async function startE2EServer(options: { demoData?: boolean } = {}): Promise<E2EServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'collab-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    ENABLE_TEST_CLOCK: '1',
    SEED_DEMO_DATA: options.demoData ? '1' : '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  // The run's shared PostgreSQL (support/global-setup.ts): a database of this server's own, cloned
  // from the migrated template. Without it (a config that has no global setup) the server starts an
  // embedded cluster of its own in DATA_DIR.
  const templateUrl = inject('e2eTemplateUrl');
  if (templateUrl) env.DATABASE_URL = await testDatabases.cloneDatabase(templateUrl, 'e2e');
  const logs: string[] = [];
  const child = spawn(process.execPath, [path.join(serverDist, 'app', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child, logs);

  return {
    url,
    env,
    logs,
    cli: (script, args) => runNode(path.join(serverDist, 'app', 'cli', `${script}.js`), args, env),
    stop: async () => {
      await stopChild(child);
      if (env.DATABASE_URL) await testDatabases.dropDatabase(env.DATABASE_URL);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForReady(url: string, child: ChildProcess, logs: string[]) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready in 90 s:\n${logs.join('')}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function runNode(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout!.on('data', (d) => (out += d));
    p.stderr!.on('data', (d) => (out += d));
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} failed (${code}):\n${out}`))));
  });
}
