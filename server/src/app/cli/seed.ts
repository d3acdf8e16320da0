import 'reflect-metadata';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../database';
import { seedDemoData } from '../seeders/demo';
import { createDeps, createServices } from '../services';
import { systemClock } from '../../platform/shared/clock';

/** Usage: pnpm --filter server seed. Adds the demo marketplace to an EMPTY database and prints the logins. */
async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  const deps = createDeps(config, systemClock, { orm: db.orm, databaseUrl: db.url });
  try {
    const result = await seedDemoData(db.orm, createServices(deps), (line) => console.log(line));
    if (!result.seeded) console.log('The database already has accounts; demo data is only added to an empty database.');
  } finally {
    await deps.events.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
