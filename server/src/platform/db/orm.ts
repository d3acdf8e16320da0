import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The ORM as the features see it. Connecting (and the entity list gathered from every module) is
 * init-orm.ts: kept apart so that a feature's import of this type never leads back to the module list.
 */
export type Orm = MikroORM;
