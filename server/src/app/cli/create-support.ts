import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../database';
import { createDeps, createServices } from '../services';
import { systemClock } from '../../platform/shared/clock';

/** Usage: pnpm --filter server support:create <email> [password]. Prints the password when generated. */
async function main() {
  const [email, givenPassword] = process.argv.slice(2);
  if (!email) {
    console.error('Usage: pnpm --filter server support:create <email> [password]');
    process.exit(2);
  }
  const password = givenPassword ?? randomBytes(12).toString('base64url');
  const config = loadConfig();
  const db = await openDatabase(config);
  const deps = createDeps(config, systemClock, { orm: db.orm });
  try {
    const { auth } = createServices(deps);
    const user = await auth.upsertSupportUser(db.orm.em.fork(), email, password);
    console.log(`Support account ready: ${user.email}${givenPassword ? '' : `\nPassword: ${password}`}`);
  } finally {
    // The event bus (a LISTEN connection) and the rate-limit store keep the process alive otherwise.
    await deps.events.close();
    await deps.limits.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
