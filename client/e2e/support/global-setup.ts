import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serverDist, testDatabases } from './server-build';

/**
 * One PostgreSQL for the whole browser run (TEST_DATABASE_URL's server, or one throw-away embedded
 * cluster) and one migrated template database in it: each journey's server gets a clone of the
 * template (`create database … template …`, a file copy) instead of a cluster of its own to initdb,
 * start and migrate. Uses the production build's own modules (the journeys run against it anyway).
 */
export default async function setup(project: TestProject) {
  const { migrateDatabase } = createRequire(import.meta.url)(path.join(serverDist, 'app', 'init-orm.js'));
  const cluster = await testDatabases.openTestCluster(process.env.TEST_DATABASE_URL, 'e2e');
  const templateUrl = await testDatabases.createTemplateDatabase(cluster.adminUrl, `e2e_tpl_${process.pid}`, migrateDatabase);
  project.provide('e2eTemplateUrl', templateUrl);
  return async () => {
    await testDatabases.dropDatabase(templateUrl);
    await cluster.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateUrl: string;
  }
}
