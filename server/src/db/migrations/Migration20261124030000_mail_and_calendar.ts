import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail and calendars (features/mail, features/calendar):
 * - `mailbox_message`: what the development mail catcher received over SMTP (shown at /dev/mailbox);
 *   one row per Message-ID, so a message delivered twice is one message (`deliveries` counts).
 * - `notification_preference`: a user's e-mail switch per notification kind (a missing row is "on").
 * - `mail_settings`: the zone e-mails show times in, when the user chose one.
 * - `calendar_feed`: a user's private feed secret (regenerating replaces it: the old URL is gone).
 */
export class Migration20261124030000_mail_and_calendar extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mailbox_message" (
      "id" uuid primary key,
      "message_id" text not null unique,
      "envelope_from" text not null,
      "envelope_to" text[] not null,
      "subject" text not null default '',
      "raw" text not null,
      "deliveries" int not null default 1,
      "received_at" timestamptz not null default now()
    );`);
    this.addSql('create index "mailbox_message_received_idx" on "mailbox_message" ("received_at" desc);');

    this.addSql(`create table "notification_preference" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "kind" text not null,
      "email_enabled" boolean not null,
      "updated_at" timestamptz not null default now(),
      primary key ("user_id", "kind")
    );`);

    this.addSql(`create table "mail_settings" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "time_zone" text null,
      "updated_at" timestamptz not null default now()
    );`);

    this.addSql(`create table "calendar_feed" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "secret" text not null unique,
      "include_free_hours" boolean not null default false,
      "created_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "calendar_feed";');
    this.addSql('drop table if exists "mail_settings";');
    this.addSql('drop table if exists "notification_preference";');
    this.addSql('drop table if exists "mailbox_message";');
  }
}
