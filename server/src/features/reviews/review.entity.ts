import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Profile } from '../profiles';
import { User } from '../users';

/** One review per reviewer per booking (spec §3). `creator` is the booking's creator profile (column `streamer_id`, as on bookings). */
@Entity({ tableName: 'reviews' })
export class Review {
  [OptionalProps]?: 'comment' | 'createdAt' | 'revealedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  bookingId!: string;

  @ManyToOne(() => Profile, { ref: true, deleteRule: 'cascade', fieldName: 'streamer_id' })
  creator!: Ref<Profile>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', fieldName: 'reviewer_id' })
  reviewer!: Ref<User>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', fieldName: 'reviewee_id' })
  reviewee!: Ref<User>;

  @Property({ type: 'smallint' })
  rating!: number;

  @Property({ type: 'text', nullable: true })
  comment?: string | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  /**
   * When it became visible (double-blind): once both parties reviewed the booking, or 14 days after
   * it was completed (reviews.service.ts). Until then only its writer sees it; it is not listed,
   * not counted in ratings, and its reviewee is not told.
   */
  @Property({ type: 'datetime', nullable: true })
  revealedAt?: Date | null;
}
