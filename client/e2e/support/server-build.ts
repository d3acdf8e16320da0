import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's production build (`pnpm build`): the journeys run against it, and take the helpers
 * they share with the server's own tests from it (the client has no server dependencies of its own).
 */
export const serverDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'server', 'dist');

const load = createRequire(import.meta.url);

/** A TCP port free on 127.0.0.1 right now (server/src/platform/free-port.ts). */
export const { freePort } = load(path.join(serverDist, 'platform', 'free-port.js')) as typeof import('../../../server/src/platform/free-port');

/** The run's PostgreSQL, its migrated template and each journey's clone of it (server/src/platform/db/test-databases.ts). */
export const testDatabases = load(path.join(serverDist, 'platform', 'db', 'test-databases.js')) as typeof import('../../../server/src/platform/db/test-databases');
