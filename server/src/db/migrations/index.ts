import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000001_accounts } from './Migration20261121000001_accounts';

/** Every migration, in order. Listed explicitly so they run the same from src (tests) and dist. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000001_accounts', class: Migration20261121000001_accounts },
];
