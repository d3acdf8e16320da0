import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Profile } from '../profiles';
import { User } from '../users';

/** One review per reviewer per booking (spec §3). `creator` is the booking's creator profile (column `streamer_id`, as on bookings). */
@Entity({ tableName: 'reviews' })
export class Review {
  [OptionalProps]?: 'comment' | 'createdAt';

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
}
