import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Where a partner wants events POSTed. The signing secret is kept as given to the partner (the
 * HMAC needs it); during a rotation's overlap window the previous secret signs too.
 */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The owner (a creator or brand account); events about their bookings and profile reach them. */
  @Property({ type: 'uuid', index: true })
  userId!: string;

  @Property({ length: 2048 })
  url!: string;

  @Property({ type: ArrayType, columnType: 'text[]' })
  eventTypes: string[] = [];

  @Property({ length: 100, hidden: true })
  secret!: string;

  @Property({ length: 100, nullable: true, hidden: true })
  previousSecret?: string | null;

  @Property({ type: 'datetime', nullable: true })
  previousSecretExpiresAt?: Date | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();

  /** Since when every delivery attempt has failed (null after any success). */
  @Property({ type: 'datetime', nullable: true })
  failingSince?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  disabledAt?: Date | null;

  @Property({ length: 200, nullable: true })
  disabledReason?: string | null;
}
