import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { INHERIT_HINT } from '../../platform/graphql/cache-policy';
import type { RecurringPattern } from './recurring-pattern.entity';
import type { SlotView } from './slot.view';

/** One bookable hour of a creator (a SlotView, or profiles' FreeSlot, seen through GraphQL). */
@Directive(INHERIT_HINT)
@ObjectType('AvailabilitySlot', { description: 'One bookable hour of a creator, aligned to their local hour', simpleResolvers: true })
export class AvailabilitySlotType implements Omit<SlotView, 'createdAt' | 'updatedAt'> {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The creator profile the slot belongs to' })
  @Field(() => ID, { name: 'streamerId', deprecationReason: 'Use creatorId', simple: false })
  creatorId!: string;

  @Field(() => Date)
  startTime!: Date;

  @Field(() => Date)
  endTime!: Date;

  @Field(() => Boolean, { description: 'Held during checkout or booked' })
  isBooked!: boolean;
}

@Directive(INHERIT_HINT)
@ObjectType('RecurringPattern', { description: "A weekly schedule in the creator's own time zone" })
export class RecurringPatternType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The creator profile the pattern belongs to' })
  @Field(() => ID, { name: 'streamerId', deprecationReason: 'Use creatorId' })
  creatorId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => [Int], { description: '0 = Sunday … 6 = Saturday' })
  daysOfWeek!: number[];

  @Field(() => String, { description: 'HH:MM, local to the creator' })
  startTime!: string;

  @Field(() => String, { description: 'HH:MM, local to the creator (24:00 = end of day)' })
  endTime!: string;

  static from(p: RecurringPattern): RecurringPatternType {
    return Object.assign(new RecurringPatternType(), {
      id: p.id,
      creatorId: p.creator.id,
      title: p.title,
      daysOfWeek: p.daysOfWeek,
      startTime: p.startTime,
      endTime: p.endTime,
    });
  }
}

// Inputs keep the form's fields optional so the server answers with the spec's own messages.

@InputType({ description: 'A range of one day, stored as 1-hour slots on your local hour' })
export class AddAvailabilityInput {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD in your time zone; needed with HH:MM times' })
  date?: string | null;

  @Field(() => String, { nullable: true, description: 'HH:MM (with date) or an ISO-8601 date-time' })
  startTime?: string | null;

  @Field(() => String, { nullable: true, description: 'HH:MM (with date) or an ISO-8601 date-time' })
  endTime?: string | null;
}

@InputType({ description: 'The new hour of a free, future slot (exactly one hour)' })
export class UpdateAvailabilitySlotInput extends AddAvailabilityInput {}

@InputType()
export class CreateRecurringPatternInput {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => [Int], { nullable: true, description: '0 = Sunday … 6 = Saturday' })
  daysOfWeek?: number[] | null;

  @Field(() => String, { nullable: true, description: 'HH:MM on the hour (09:00 when creating without one)' })
  startTime?: string | null;

  @Field(() => String, { nullable: true, description: 'HH:MM on the hour (17:00 when creating without one)' })
  endTime?: string | null;
}

@InputType({ description: 'Only the fields given change' })
export class UpdateRecurringPatternInput extends CreateRecurringPatternInput {}

@InputType()
export class GenerateSlotsInput {
  @Field(() => String, { nullable: true, description: 'First local day (YYYY-MM-DD); default tomorrow' })
  startDate?: string | null;

  @Field(() => String, { nullable: true, description: 'Last local day (YYYY-MM-DD); default 13 days after startDate; at most 31 days' })
  endDate?: string | null;
}
