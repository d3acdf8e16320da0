import { createRequire } from 'node:module';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports';

/**
 * One PostgreSQL for the whole browser run (TEST_DATABASE_URL's server, or one throw-away embedded
 * cluster) and one migrated template database in it: each journey's server gets a clone of the
 * template (`create database … template …`, a file copy) instead of a cluster of its own to initdb,
 * start and migrate. Uses the production build's own modules (the journeys run against it anyway).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const serverDist = path.join(repoRoot, 'server', 'dist');

export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    const { startEmbeddedPostgres } = createRequire(import.meta.url)(path.join(serverDist, 'platform', 'db', 'embedded.js'));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'collab-e2e-pg-'));
    await chmod(dir, 0o755);
    // A cluster for one run: nothing in it must survive a crash, so it does not wait for the disk.
    const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
    const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres', settings });
    adminUrl = pg.url;
    stop = async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const template = new URL(adminUrl);
  template.pathname = `/e2e_tpl_${process.pid}`;
  const require = createRequire(import.meta.url);
  const { ensureDatabase } = require(path.join(serverDist, 'platform', 'db', 'embedded.js'));
  const { initOrm } = require(path.join(serverDist, 'app', 'init-orm.js'));
  await ensureDatabase(template.toString());
  const orm = await initOrm({ clientUrl: template.toString() });
  await orm.close(true);
  project.provide('e2eTemplateUrl', template.toString());
  return async () => {
    await dropDatabase(template.toString());
    await stop();
  };
}

/** The little of `pg` used here, taken from the server's own dependencies (the client has none of its own). */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
function serverPg(): { Client: new (options: { connectionString: string }) => PgClient } {
  return createRequire(path.join(repoRoot, 'server', 'package.json'))('pg');
}

async function onAdmin(url: string, sql: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new (serverPg().Client)({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database cloned from the template; two clones at the same instant are retried (PostgreSQL refuses a template in use). */
export async function cloneTemplate(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  const url = new URL(templateUrl);
  url.pathname = `/e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await onAdmin(templateUrl, `create database "${url.pathname.slice(1)}" template "${template}"`);
      return url.toString();
    } catch (err) {
      if (attempt > 30) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export function dropDatabase(url: string): Promise<void> {
  return onAdmin(url, `drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateUrl: string;
  }
}
