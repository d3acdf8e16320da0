import { Migration } from '@mikro-orm/migrations';

/**
 * Conversations (features/conversations): one per (client, creator) pair, reused by every booking
 * of the pair; members with their read marks; messages (text and proposed times). Event lines are
 * not stored here: they are read from the bookings' events.
 */
export class Migration20261124020100_conversations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "conversation" (
      "id" uuid not null primary key,
      "client_user_id" uuid not null references "users" ("id") on delete cascade,
      "creator_profile_id" uuid not null references "profiles" ("id") on delete cascade,
      "creator_user_id" uuid not null references "users" ("id") on delete cascade,
      "created_at" timestamptz not null,
      "last_activity_at" timestamptz not null,
      constraint "conversation_pair_unique" unique ("client_user_id", "creator_profile_id")
    );`);
    this.addSql(`create table "conversation_member" (
      "conversation_id" uuid not null references "conversation" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "role" text not null check ("role" in ('client', 'creator', 'support')),
      "last_read_at" timestamptz null,
      "joined_at" timestamptz not null,
      primary key ("conversation_id", "user_id")
    );`);
    this.addSql('create index "conversation_member_user_idx" on "conversation_member" ("user_id");');
    this.addSql(`create table "conversation_booking" (
      "booking_id" uuid not null primary key,
      "conversation_id" uuid not null references "conversation" ("id") on delete cascade,
      "disputed" boolean not null default false
    );`);
    this.addSql('create index "conversation_booking_conversation_idx" on "conversation_booking" ("conversation_id");');
    this.addSql(`create table "message" (
      "id" uuid not null primary key,
      "conversation_id" uuid not null references "conversation" ("id") on delete cascade,
      "sender_user_id" uuid null references "users" ("id") on delete set null,
      "kind" text not null check ("kind" in ('text', 'proposal')),
      "text" text not null,
      "is_support" boolean not null default false,
      "booking_id" uuid null,
      "proposed_start" timestamptz null,
      "proposed_end" timestamptz null,
      "proposal_status" text null check ("proposal_status" in ('pending', 'accepted', 'declined', 'superseded')),
      "responded_at" timestamptz null,
      "created_at" timestamptz not null
    );`);
    this.addSql('create index "message_conversation_created_idx" on "message" ("conversation_id", "created_at", "id");');
    this.addSql(`create index "message_open_proposal_idx" on "message" ("booking_id") where "proposal_status" = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "message";');
    this.addSql('drop table if exists "conversation_booking";');
    this.addSql('drop table if exists "conversation_member";');
    this.addSql('drop table if exists "conversation";');
  }
}
