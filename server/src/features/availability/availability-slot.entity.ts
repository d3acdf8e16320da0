import { randomUUID } from 'node:crypto';
import { Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Profile } from '../profiles';

export enum SlotSource {
  MANUAL = 'manual',
  RECURRING = 'recurring',
}

/**
 * One bookable hour of a creator, aligned to the creator's local hour. No two slots of a creator
 * overlap: an exclusion constraint in the database enforces it. A slot taken by a booking
 * (held during checkout, or booked) has `isBooked` and `bookingId`.
 */
@Entity({ tableName: 'availability_slots' })
export class AvailabilitySlot {
  [OptionalProps]?: 'isBooked' | 'bookingId' | 'source' | 'patternId' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Profile, { ref: true, deleteRule: 'cascade', fieldName: 'streamer_id' })
  creator!: Ref<Profile>;

  @Property({ type: 'datetime' })
  startTime!: Date;

  @Property({ type: 'datetime' })
  endTime!: Date;

  @Property()
  isBooked: boolean = false;

  @Property({ type: 'uuid', nullable: true })
  bookingId?: string | null;

  @Enum({ items: () => SlotSource })
  source: SlotSource = SlotSource.MANUAL;

  @Property({ type: 'uuid', nullable: true })
  patternId?: string | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
