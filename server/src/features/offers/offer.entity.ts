import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'countered' | 'withdrawn' | 'expired';

export interface OfferItem {
  label: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * A custom offer in a conversation (issue 33 item 2): line items, a time or a due date, an expiry.
 * A counter is a new version of the same negotiation (`rootId`); the previous one becomes
 * `countered`. Status moves only by conditional updates on `pending`, so exactly one of racing
 * accept, decline, counter, withdraw and expire wins.
 */
@Entity({ tableName: 'offers' })
export class Offer {
  [OptionalProps]?: 'revisionsIncluded' | 'note' | 'messageId' | 'bookingId' | 'respondedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  conversationId!: string;

  /** The first version's id: the negotiation this offer belongs to. */
  @Property({ type: 'uuid' })
  rootId!: string;

  @Property()
  version!: number;

  @Property({ type: 'uuid' })
  senderUserId!: string;

  @Property({ type: 'uuid' })
  recipientUserId!: string;

  @Property({ type: 'uuid' })
  creatorProfileId!: string;

  /** The brand (the conversation's client): the one who pays. */
  @Property({ type: 'uuid' })
  clientUserId!: string;

  @Property({ type: 'text' })
  status!: OfferStatus;

  @Property({ type: 'json' })
  items!: OfferItem[];

  @Property()
  totalCents!: number;

  @Property({ type: 'datetime', nullable: true })
  startTime!: Date | null;

  @Property({ type: 'datetime', nullable: true })
  endTime!: Date | null;

  @Property({ type: 'datetime', nullable: true })
  dueAt!: Date | null;

  @Property()
  revisionsIncluded: number = 1;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  /** The card's line in the thread. */
  @Property({ type: 'uuid', nullable: true })
  messageId: string | null = null;

  /** The booking of its checkout, once the brand pays. */
  @Property({ type: 'uuid', nullable: true })
  bookingId: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  respondedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
