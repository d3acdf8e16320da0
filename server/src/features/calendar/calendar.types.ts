import { Field, ObjectType } from 'type-graphql';
import type { CalendarFeedView } from './calendar.service';

@ObjectType('CalendarFeed', { description: "The viewer's private calendar feed (subscribe by URL in Google or Apple Calendar)", simpleResolvers: true })
export class CalendarFeedType implements CalendarFeedView {
  @Field(() => String, { description: 'Secret URL of the .ics feed; regenerating it makes the old one stop working' })
  url!: string;

  @Field(() => Boolean, { description: "Creators: free hours appear as tentative blocks" })
  includeFreeHours!: boolean;

  @Field(() => Boolean)
  canIncludeFreeHours!: boolean;
}
