import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, startEmbeddedPostgres } from '../src/platform/db/embedded';
import { initOrm } from '../src/app/init-orm';
import { freePort } from './free-port';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when given, otherwise a throw-away
 * embedded cluster. A migrated template database is built once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'collab-test-pg-'));
    await chmod(dir, 0o755);
    const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres', settings: THROW_AWAY_CLUSTER });
    adminUrl = pg.url;
    stop = async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  // One template per vitest project (each runs this setup): `collab_tpl_<pid>_<project>`.
  const templateUrl = withDatabase(adminUrl, `collab_tpl_${process.pid}_${project.name.replace(/\W/g, '_') || 'root'}`);
  await ensureDatabase(templateUrl);
  const orm = await initOrm({ clientUrl: templateUrl });
  await orm.close(true);
  project.provide('pgTemplateUrl', templateUrl);
  return stop;
}

/**
 * A cluster that lives for one test run: nothing in it must survive a crash of the machine, so it
 * does not wait for the disk (no fsync, commits not flushed, no full-page images). What the suites
 * test (transactions, locks, isolation, LISTEN/NOTIFY) is unchanged.
 */
export const THROW_AWAY_CLUSTER: Record<string, string> = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}


declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplateUrl: string;
  }
}
