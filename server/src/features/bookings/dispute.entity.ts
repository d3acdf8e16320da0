import { randomUUID } from 'node:crypto';
import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export enum DisputeKind {
  GENERAL = 'general',
  CREATOR_NO_SHOW = 'creator_no_show',
}

export enum DisputeResolution {
  REFUND_FULL = 'refund_full',
  REFUND_PARTIAL = 'refund_partial',
  RELEASE = 'release',
}

/** A dispute on a booking: the opener's statement and, once resolved, support's decision. */
@Entity({ tableName: 'disputes' })
export class Dispute {
  [OptionalProps]?: 'kind' | 'createdAt' | 'evidence' | 'respondentStatement';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** At most one dispute per booking. */
  @Property({ type: 'uuid', unique: true })
  bookingId!: string;

  @Property({ type: 'uuid' })
  openedBy!: string;

  @Enum({ items: () => DisputeKind })
  kind: DisputeKind = DisputeKind.GENERAL;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'text', nullable: true })
  evidence?: string | null;

  /** The other party's side of the story, if they add one. */
  @Property({ type: 'text', nullable: true })
  respondentStatement?: string | null;

  @Enum({ items: () => DisputeResolution, nullable: true })
  resolution?: DisputeResolution | null;

  @Property({ type: 'integer', nullable: true })
  refundCents?: number | null;

  @Property({ type: 'text', nullable: true })
  resolutionNote?: string | null;

  @Property({ type: 'uuid', nullable: true })
  resolvedBy?: string | null;

  @Property({ type: 'datetime', nullable: true })
  resolvedAt?: Date | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
