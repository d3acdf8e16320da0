import 'reflect-metadata';
import { loadConfig } from '../../platform/config';
import { initOrm } from '../init-orm';

/**
 * Developer aid: prints the SQL that would bring the database (after all migrations) in line
 * with the entities. Empty output means migrations and entities agree.
 * Usage: DATABASE_URL=postgres://… pnpm --filter server schema:diff
 */
async function main() {
  const url = process.argv[2] ?? loadConfig().DATABASE_URL;
  if (!url) throw new Error('Usage: schema:diff <postgres-url> (or DATABASE_URL)');
  const orm = await initOrm({ clientUrl: url });
  try {
    console.log(await orm.schema.getUpdateSchemaSQL({ wrap: false }));
  } finally {
    await orm.close(true);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
