import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000001_accounts } from './Migration20261121000001_accounts';
import { Migration20261121000002_marketplace } from './Migration20261121000002_marketplace';

/** Every migration, in order. Listed explicitly so they run the same from src (tests) and dist. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000001_accounts', class: Migration20261121000001_accounts },
  { name: 'Migration20261121000002_marketplace', class: Migration20261121000002_marketplace },
];
