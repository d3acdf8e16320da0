import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A warning support issued to a user, with the reason and optionally the booking concerned. */
@Entity({ tableName: 'user_warnings' })
export class UserWarning {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid', index: true })
  userId!: string;

  @Property({ type: 'uuid' })
  issuedBy!: string;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'uuid', nullable: true })
  bookingId?: string | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
