import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Profile } from '../profiles';

/** A weekly availability pattern in the creator's own time zone (wall-clock HH:MM). */
@Entity({ tableName: 'recurring_patterns' })
export class RecurringPattern {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Profile, { ref: true, deleteRule: 'cascade', fieldName: 'streamer_id' })
  creator!: Ref<Profile>;

  @Property({ length: 120 })
  title!: string;

  /** 0 = Sunday … 6 = Saturday. */
  @Property({ type: new ArrayType((v) => Number(v)), columnType: 'int[]' })
  daysOfWeek!: number[];

  /** "HH:MM", local to the creator's time zone. */
  @Property({ length: 5 })
  startTime!: string;

  @Property({ length: 5 })
  endTime!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
