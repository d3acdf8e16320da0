import { Migration } from '@mikro-orm/migrations';

/**
 * The e-mail consumer's work rows (features/mail/email-delivery.ts): one per notification, its id
 * the notification's id, with the Message-ID fixed when the row is planned (before any send), so a
 * resend after a crash is the same message. A message digest is the row of its oldest
 * notification; the others point to it (`merged_into`).
 * Calendar reads (features/calendar) find a user's booking events in the outbox by audience.
 */
export class Migration20261124030010_email_delivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "email_delivery" (
      "id" uuid primary key references "notification" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "topic" text not null,
      "conversation_id" uuid null,
      "status" text not null check ("status" in ('pending', 'sending', 'sent', 'failed', 'skipped', 'merged')),
      "skip_reason" text null,
      "merged_into" uuid null references "email_delivery" ("id") on delete cascade,
      "message_id" text not null unique,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "lease_until" timestamptz null,
      "last_error" text null,
      "planned_at" timestamptz not null,
      "sent_at" timestamptz null
    );`);
    this.addSql(`create index "email_delivery_due_idx" on "email_delivery" ("next_attempt_at") where "status" in ('pending', 'sending');`);
    this.addSql(`create index "email_delivery_digest_idx" on "email_delivery" ("user_id", "conversation_id", "planned_at" desc) where "conversation_id" is not null and "status" in ('pending', 'sending', 'sent', 'failed');`);
    this.addSql(`create index "email_delivery_merged_idx" on "email_delivery" ("merged_into") where "merged_into" is not null;`);
    // Notifications not yet planned are found by this anti-join, newest week only.
    this.addSql(`create index "notification_created_idx" on "notification" ("created_at");`);
    this.addSql(`create index "outbox_event_audience_idx" on "outbox_event" using gin ("audience_user_ids") where "booking_id" is not null;`);
    this.addSql(`create table "booking_reminder" (
      "booking_id" uuid not null,
      "hours_before" int not null,
      "event_id" uuid null references "outbox_event" ("id"),
      "created_at" timestamptz not null default now(),
      primary key ("booking_id", "hours_before")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "booking_reminder";');
    this.addSql('drop index if exists "outbox_event_audience_idx";');
    this.addSql('drop index if exists "notification_created_idx";');
    this.addSql('drop table if exists "email_delivery";');
  }
}
