import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('CalendarConnection', { description: "A calendar of the creator's whose busy times are not bookable (never its password)" })
export class CalendarConnectionType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: '"ics" (an iCalendar feed URL) or "caldav"' })
  kind!: string;

  @Field(() => String)
  url!: string;

  @Field(() => String, { nullable: true, description: 'CalDAV user name' })
  username?: string | null;

  @Field(() => String, { nullable: true, description: 'The CalDAV calendar asked for (name or URL)' })
  calendar?: string | null;

  @Field(() => Boolean, { description: 'Confirmed bookings are written into this CalDAV calendar' })
  writeBack!: boolean;

  @Field(() => Date, { nullable: true, description: 'The last sync that succeeded' })
  lastSyncedAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'Why the last sync failed (the last good busy times are kept); null after a success' })
  lastError?: string | null;

  @Field(() => Int, { description: 'Busy ranges read at the last sync that found changes' })
  busyCount!: number;

  @Field(() => Date)
  createdAt!: Date;
}

@InputType('ConnectCalendarInput')
export class ConnectCalendarInputType {
  @Field(() => String, { description: '"ics" or "caldav"' })
  kind!: string;

  @Field(() => String)
  url!: string;

  @Field(() => String, { nullable: true })
  username?: string | null;

  @Field(() => String, { nullable: true })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'CalDAV: the calendar to read (display name or URL); default the first with events' })
  calendar?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'CalDAV: write confirmed bookings into this calendar' })
  writeBack?: boolean | null;
}
