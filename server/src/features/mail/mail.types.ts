import { Field, InputType, ObjectType } from 'type-graphql';
import type { EmailPreferenceView, NotificationPreferencesView } from './preferences.service';

@ObjectType('EmailPreference', { description: 'One kind of notification and whether it is also e-mailed', simpleResolvers: true })
export class EmailPreferenceType implements EmailPreferenceView {
  @Field(() => String, { description: 'requests, booking_updates, reminders, messages, reviews, payments, disputes' })
  key!: EmailPreferenceView['key'];

  @Field(() => String)
  label!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Boolean)
  emailEnabled!: boolean;

  @Field(() => Boolean, { description: 'Payment and dispute e-mails: always sent, cannot be turned off' })
  required!: boolean;
}

@ObjectType('NotificationPreferences', { simpleResolvers: true })
export class NotificationPreferencesType implements NotificationPreferencesView {
  @Field(() => [EmailPreferenceType])
  kinds!: EmailPreferenceType[];

  @Field(() => String, { description: 'The IANA zone e-mails show times in' })
  timeZone!: string;

  @Field(() => Boolean, { description: 'false: not chosen yet (the creator profile zone or UTC is used)' })
  timeZoneChosen!: boolean;
}

@InputType('EmailPreferenceInput')
export class EmailPreferenceInput {
  @Field(() => String)
  kind!: string;

  @Field(() => Boolean)
  emailEnabled!: boolean;
}

@InputType('UpdateNotificationPreferencesInput')
export class UpdateNotificationPreferencesInput {
  @Field(() => [EmailPreferenceInput], { nullable: true })
  kinds?: EmailPreferenceInput[] | null;

  @Field(() => String, { nullable: true, description: 'IANA zone, e.g. Europe/Berlin' })
  timeZone?: string | null;
}
