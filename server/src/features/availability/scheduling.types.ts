import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { SchedulingSettings, TimeOff } from './scheduling.service';

@ObjectType('SchedulingSettings', { description: "A creator's scheduling guards (the defaults until they set their own)" })
export class SchedulingSettingsType implements SchedulingSettings {
  @Field(() => Int, { description: 'Bookable starts are at least this many minutes from now' })
  minNoticeMinutes!: number;

  @Field(() => Int, { description: 'Minutes kept free before each booking (from busy times and other bookings)' })
  bufferBeforeMinutes!: number;

  @Field(() => Int, { description: 'Minutes kept free after each booking' })
  bufferAfterMinutes!: number;

  @Field(() => Int, { description: 'How many days ahead a brand may book' })
  maxDaysAhead!: number;
}

@InputType('SchedulingSettingsInput', { description: 'Fields left out keep their value' })
export class SchedulingSettingsInputType {
  @Field(() => Int, { nullable: true })
  minNoticeMinutes?: number | null;

  @Field(() => Int, { nullable: true })
  bufferBeforeMinutes?: number | null;

  @Field(() => Int, { nullable: true })
  bufferAfterMinutes?: number | null;

  @Field(() => Int, { nullable: true })
  maxDaysAhead?: number | null;
}

@ObjectType('TimeOff', { description: 'A range in which none of the creator\'s hours is bookable' })
export class TimeOffType implements TimeOff {
  @Field(() => ID)
  id!: string;

  @Field(() => Date)
  startTime!: Date;

  @Field(() => Date)
  endTime!: Date;
}

@InputType('TimeOffInput')
export class TimeOffInputType {
  @Field(() => Date)
  startTime!: Date;

  @Field(() => Date)
  endTime!: Date;
}
