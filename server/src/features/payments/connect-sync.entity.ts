import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * When a connected account's status was last applied to its profile. Provider events can arrive
 * out of order; one older than this is stale and dropped.
 */
@Entity({ tableName: 'payment_connect_syncs' })
export class ConnectSync {
  @PrimaryKey({ type: 'text' })
  accountId!: string;

  @Property({ type: 'datetime' })
  syncedAt!: Date;
}
