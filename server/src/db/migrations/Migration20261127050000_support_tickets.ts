import { Migration } from '@mikro-orm/migrations';

/**
 * Contact-form messages become support tickets (features/support/support-tickets.ts), open until
 * support closes them. Their e-mails (to the support address, and the sender's copy) go through
 * the outbox and the e-mail work queue as address deliveries: an `email_delivery` row with
 * `to_address` and the outbox `event_id` instead of a user's notification (so `user_id` is null
 * and the id no longer points at a notification).
 */
export class Migration20261127050000_support_tickets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "support_tickets" (
      "id" uuid primary key,
      "reference" text not null unique,
      "name" text not null,
      "email" text not null,
      "subject" text not null,
      "category" text not null,
      "message" text not null,
      "user_id" uuid null references "users" ("id") on delete set null,
      "status" text not null default 'open' check ("status" in ('open', 'closed')),
      "created_at" timestamptz not null default now(),
      "closed_at" timestamptz null,
      "closed_by" uuid null references "users" ("id") on delete set null
    );`);
    this.addSql(`create index "support_tickets_status_created_idx" on "support_tickets" ("status", "created_at" desc);`);
    this.addSql(`alter table "email_delivery" drop constraint if exists "email_delivery_id_fkey";`);
    this.addSql(`alter table "email_delivery" alter column "user_id" drop not null;`);
    this.addSql(`alter table "email_delivery" add column "to_address" text null, add column "address_role" text null, add column "event_id" uuid null references "outbox_event" ("id") on delete cascade;`);
    this.addSql(`alter table "email_delivery" add constraint "email_delivery_recipient_check" check (("user_id" is not null) or ("to_address" is not null and "event_id" is not null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_delivery" where "user_id" is null;`);
    this.addSql(`alter table "email_delivery" drop constraint if exists "email_delivery_recipient_check";`);
    this.addSql(`alter table "email_delivery" drop column if exists "event_id", drop column if exists "address_role", drop column if exists "to_address";`);
    this.addSql(`alter table "email_delivery" alter column "user_id" set not null;`);
    this.addSql(`delete from "email_delivery" d where not exists (select 1 from "notification" n where n.id = d.id);`);
    this.addSql(`alter table "email_delivery" add constraint "email_delivery_id_fkey" foreign key ("id") references "notification" ("id") on delete cascade;`);
    this.addSql('drop table if exists "support_tickets";');
  }
}
