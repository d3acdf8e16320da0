import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export enum WebhookDeliveryStatus {
  PENDING = 'pending',
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
}

/**
 * One event for one endpoint. Its id is the `webhook-id` the receiver sees, the same on every
 * retry and resend, so a receiver can recognise a repeat. `body` is the exact JSON sent.
 */
@Entity({ tableName: 'webhook_deliveries' })
export class WebhookDelivery {
  [OptionalProps]?: 'seq' | 'attempts' | 'test';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Insertion order, for the delivery log's cursor pages. */
  @Property({ type: 'bigint', autoincrement: true, persist: false })
  seq!: string;

  @Property({ type: 'uuid' })
  endpointId!: string;

  /** The outbox event delivered. */
  @Property({ type: 'uuid' })
  eventId!: string;

  @Property({ length: 64 })
  eventType!: string;

  @Property({ type: 'datetime' })
  eventCreatedAt!: Date;

  @Property({ type: 'text', lazy: true })
  body!: string;

  @Property({ length: 16 })
  status!: WebhookDeliveryStatus;

  @Property({ type: 'int' })
  attempts = 0;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  leaseUntil?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  leaseToken?: string | null;

  @Property({ type: 'datetime', nullable: true })
  lastAttemptAt?: Date | null;

  @Property({ type: 'int', nullable: true })
  responseStatus?: number | null;

  @Property({ type: 'int', nullable: true })
  responseTimeMs?: number | null;

  @Property({ length: 2048, nullable: true })
  responseBody?: string | null;

  @Property({ length: 300, nullable: true })
  error?: string | null;

  /** The last attempt's request headers (the signature included), as sent. */
  @Property({ type: 'json', nullable: true, lazy: true })
  requestHeaders?: Record<string, string> | null;

  /** The last answer's headers. */
  @Property({ type: 'json', nullable: true, lazy: true })
  responseHeaders?: Record<string, string> | null;

  /** Sent from the console ("Send test event"), not by something that happened. */
  @Property({ type: 'boolean' })
  test: boolean = false;
}
