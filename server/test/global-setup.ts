import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, dropDatabase, openTestCluster } from '../src/platform/db/test-databases';
import { migrateDatabase } from '../src/app/init-orm';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when given, otherwise a throw-away
 * embedded cluster. A migrated template database is built once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const cluster = await openTestCluster(process.env.TEST_DATABASE_URL, 'test');
  // One template per vitest project (each runs this setup): `collab_tpl_<pid>_<project>`.
  const templateName = `collab_tpl_${process.pid}_${project.name.replace(/\W/g, '_') || 'root'}`;
  const templateUrl = await createTemplateDatabase(cluster.adminUrl, templateName, migrateDatabase);
  project.provide('pgTemplateUrl', templateUrl);
  // A given server keeps nothing of the run (a throw-away cluster goes whole).
  return async () => {
    await dropDatabase(templateUrl);
    await cluster.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplateUrl: string;
  }
}
