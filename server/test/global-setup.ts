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
    const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres' });
    adminUrl = pg.url;
    stop = async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const templateUrl = withDatabase(adminUrl, `collab_tpl_${process.pid}`);
  await ensureDatabase(templateUrl);
  const orm = await initOrm({ clientUrl: templateUrl });
  await orm.close(true);
  project.provide('pgTemplateUrl', templateUrl);
  return stop;
}

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
