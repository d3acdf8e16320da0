import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/platform/config';
import type { Orm } from '../src/platform/db/orm';
import { cloneDatabase, dropDatabase } from '../src/platform/db/test-databases';
import type { DatabaseSupervisorView } from '../src/platform/db/supervisor';
import { createServer, type AppServer } from '../src/app/server';
import { AdjustableClock } from '../src/platform/shared/clock';
import { initOrm } from '../src/app/init-orm';
import type { FeatureModule } from '../src/platform/module';

/** SECRETS_KEY of every test app (production requires one). */
export const TEST_SECRETS_KEY = 'test-secrets-key-'.padEnd(48, 'k');

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = await cloneDatabase(inject('pgTemplateUrl'), 't');
  return { url, drop: () => dropDatabase(url) };
}

export interface TestApp {
  url: string;
  orm: Orm;
  server: AppServer;
  clock: AdjustableClock;
  config: Config;
  /** SQL statements seen since the last reset (for N+1 checks). */
  queries: string[];
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; body: any }>;
  rest<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/**
 * Boots the real server (Apollo, REST, WebSocket) on a random port against a fresh database.
 * `poolMax` shrinks the connection pool (default 20), e.g. to run more requests than connections.
 * `logger`: where the server logs (default: silent), e.g. to read its log lines.
 * `database`: a database of the test's own (migrated here; not dropped), with its supervisor.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { poolMax?: number; database?: { url: string; supervisor?: DatabaseSupervisorView }; modules?: readonly FeatureModule[]; logger?: pino.Logger } = {},
): Promise<TestApp> {
  const db = options.database ? { url: options.database.url, drop: async () => {} } : await createTestDatabase();
  // Jobs are not started in tests; they run through app.server.jobs.runAll(now).
  // Rate limits are off unless a test turns them on: suites sign up many users from one IP.
  // Creators' default minimum notice is 0 here: suites book hours close to their clock's now; the
  // scheduling tests set it (SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES) or the creator's own.
  // Uploaded files go to a directory of this app's own, removed on close (unless the test names one).
  const storageDir = env.STORAGE_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'collab-files-'));
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false',
    SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES: '0', SECRETS_KEY: TEST_SECRETS_KEY, ...(storageDir ? { STORAGE_DIR: storageDir } : {}), ...env,
  });
  const queries: string[] = [];
  const orm = await initOrm({ clientUrl: db.url, poolMax: options.poolMax, onQuery: (sql) => queries.push(sql) });
  const clock = new AdjustableClock();
  const server = await createServer({ config, orm, clock, logger: options.logger ?? pino({ level: 'silent' }), databaseSupervisor: options.database?.supervisor, modules: options.modules });
  await new Promise<void>((resolve) => server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = server.httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const request = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(url + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  };

  return {
    url,
    orm,
    server,
    clock,
    config,
    queries,
    gql: (query, variables, token) => request('POST', '/graphql', { query, variables }, token),
    rest: (method, path, body, token) => request(method, `/api/v1${path}`, body, token),
    close: async () => {
      await server.close();
      await orm.close(true);
      await db.drop();
      if (storageDir) rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail per call, so tests never collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${counter++}@example.test`;

/**
 * Marks an account's e-mail address verified, as if its owner had opened the link: for fixtures
 * that stand for established accounts (a listed creator, a partner with API keys). The
 * verification flow itself is tested through the real e-mail in features/auth/__tests__.
 */
export async function markEmailVerified(app: Pick<TestApp, 'orm'>, userId: string): Promise<void> {
  await app.orm.em.fork().getConnection().execute('update users set email_verified_at = now() where id = ? and email_verified_at is null', [userId]);
}
