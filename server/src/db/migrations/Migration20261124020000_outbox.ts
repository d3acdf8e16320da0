import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox (docs/architecture.md, "An event"): every domain event that leaves a transaction is appended here in
 * that transaction; consumers (notifications, e-mail, webhooks) write their own work rows from it.
 * Notifications: one row per (event, recipient).
 */
export class Migration20261124020000_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "outbox_event" (
      "id" uuid not null primary key,
      "seq" bigserial not null,
      "topic" text not null,
      "aggregate_id" text not null,
      "booking_id" uuid null,
      "actor_user_id" uuid null,
      "audience_user_ids" uuid[] not null default '{}',
      "payload" jsonb not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql('create unique index "outbox_event_seq_unique" on "outbox_event" ("seq");');
    this.addSql('create index "outbox_event_booking_idx" on "outbox_event" ("booking_id", "seq") where "booking_id" is not null;');
    this.addSql('create index "outbox_event_topic_idx" on "outbox_event" ("topic", "seq");');
    this.addSql(`create table "notification" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "type" text not null,
      "event_id" uuid not null references "outbox_event" ("id"),
      "booking_id" uuid null,
      "conversation_id" uuid null,
      "payload" jsonb not null,
      "read_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "notification_event_user_unique" unique ("event_id", "user_id")
    );`);
    this.addSql('create index "notification_user_created_idx" on "notification" ("user_id", "created_at" desc, "id" desc);');
    this.addSql('create index "notification_user_unread_idx" on "notification" ("user_id") where "read_at" is null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "notification";');
    this.addSql('drop table if exists "outbox_event";');
  }
}
