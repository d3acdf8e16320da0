import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Ref } from '@mikro-orm/core';
import { RecurringPattern } from './recurring-pattern.entity';

/**
 * An hour of a weekly pattern the creator removed (deleted or moved the generated slot), so the
 * daily generation does not bring it back.
 */
@Entity({ tableName: 'recurring_slot_skips' })
@Unique({ properties: ['pattern', 'startTime'] })
export class RecurringSlotSkip {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => RecurringPattern, { ref: true, deleteRule: 'cascade' })
  pattern!: Ref<RecurringPattern>;

  @Property({ type: 'datetime' })
  startTime!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
