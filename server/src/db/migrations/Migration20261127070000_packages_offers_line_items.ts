import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 (items 1, 2, 6): what a booking sells is a list of line items snapshotted on the booking
 * (an hourly booking: one line "N h × rate"); creators' packages; custom offers in a conversation,
 * versioned within a negotiation, shown in the thread as an `offer` message.
 *
 * A booking without hours (an asynchronous package or offer: clips, posts, an overlay) has a due
 * date and an empty range `[due, due)`, which overlaps nothing in `bookings_no_overlap`.
 */
export class Migration20261127070000_packages_offers_line_items extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "packages" (
      "id" uuid not null primary key,
      "streamer_id" uuid not null references "profiles" ("id") on delete cascade,
      "title" varchar(100) not null,
      "description" text not null default '',
      "live_minutes" int not null default 0 check ("live_minutes" >= 0),
      "costream_hours" int not null default 0 check ("costream_hours" >= 0),
      "clips" int not null default 0 check ("clips" >= 0),
      "posts" int not null default 0 check ("posts" >= 0),
      "overlay_days" int not null default 0 check ("overlay_days" >= 0),
      "price_cents" int not null check ("price_cents" > 0),
      "lead_time_days" int not null default 0 check ("lead_time_days" >= 0),
      "revisions_included" int not null default 1 check ("revisions_included" >= 0),
      "platforms" text[] not null default '{}',
      "is_active" boolean not null default true,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql('create index "packages_streamer_idx" on "packages" ("streamer_id", "created_at");');

    // (The revisions a package or offer includes go to `bookings.revisions_included`, added by 20261127080000.)
    this.addSql('alter table "bookings" add column "due_at" timestamptz null, add column "package_id" uuid null, add column "offer_id" uuid null;');
    this.addSql('alter table "bookings" drop constraint "bookings_time_order";');
    this.addSql('alter table "bookings" add constraint "bookings_time_order" check ("end_time" > "start_time" or ("due_at" is not null and "end_time" = "start_time"));');

    this.addSql(`create table "booking_line_items" (
      "id" uuid not null primary key,
      "booking_id" uuid not null references "bookings" ("id") on delete cascade,
      "position" int not null,
      "label" text not null,
      "quantity" int not null check ("quantity" > 0),
      "unit_price_cents" int not null check ("unit_price_cents" >= 0),
      "kind" text not null check ("kind" in ('hourly', 'package', 'custom')),
      unique ("booking_id", "position")
    );`);
    // Every booking made before: its one hourly line.
    this.addSql(`insert into "booking_line_items" ("id", "booking_id", "position", "label", "quantity", "unit_price_cents", "kind")
      select gen_random_uuid(), b."id", 0, b."total_hours" || ' h × $' || to_char(b."hourly_rate_cents" / 100.0, 'FM999,999,990.00'), b."total_hours", b."hourly_rate_cents", 'hourly'
      from "bookings" b where b."total_hours" > 0;`);

    this.addSql(`create table "offers" (
      "id" uuid not null primary key,
      "conversation_id" uuid not null references "conversation" ("id") on delete cascade,
      "root_id" uuid not null,
      "version" int not null,
      "sender_user_id" uuid not null references "users" ("id"),
      "recipient_user_id" uuid not null references "users" ("id"),
      "creator_profile_id" uuid not null references "profiles" ("id"),
      "client_user_id" uuid not null references "users" ("id"),
      "status" text not null check ("status" in ('pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired')),
      "items" jsonb not null,
      "total_cents" int not null check ("total_cents" > 0),
      "start_time" timestamptz null,
      "end_time" timestamptz null,
      "due_at" timestamptz null,
      "revisions_included" int not null default 1,
      "note" text null,
      "expires_at" timestamptz not null,
      "message_id" uuid null,
      "booking_id" uuid null,
      "responded_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      unique ("root_id", "version"),
      check (("start_time" is null) = ("end_time" is null)),
      check ("start_time" is not null or "due_at" is not null)
    );`);
    this.addSql('create index "offers_conversation_idx" on "offers" ("conversation_id", "created_at");');
    this.addSql(`create index "offers_pending_expiry_idx" on "offers" ("expires_at") where "status" = 'pending';`);

    this.addSql('alter table "message" add column "offer_id" uuid null references "offers" ("id") on delete cascade;');
    this.addSql('alter table "message" drop constraint "message_kind_check";');
    this.addSql(`alter table "message" add constraint "message_kind_check" check ("kind" in ('text', 'proposal', 'offer'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "message" where "kind" = 'offer';`);
    this.addSql('alter table "message" drop constraint "message_kind_check";');
    this.addSql(`alter table "message" add constraint "message_kind_check" check ("kind" in ('text', 'proposal'));`);
    this.addSql('alter table "message" drop column "offer_id";');
    this.addSql('drop table if exists "offers";');
    this.addSql('drop table if exists "booking_line_items";');
    this.addSql('alter table "bookings" drop constraint "bookings_time_order";');
    this.addSql('alter table "bookings" add constraint "bookings_time_order" check ("end_time" > "start_time");');
    this.addSql('alter table "bookings" drop column "due_at", drop column "package_id", drop column "offer_id";');
    this.addSql('drop table if exists "packages";');
  }
}
