import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Provider events seen, keyed by the provider's event id, so each is processed exactly once. */
@Entity({ tableName: 'webhook_events' })
export class WebhookEvent {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'datetime' })
  receivedAt: Date = new Date();
}
