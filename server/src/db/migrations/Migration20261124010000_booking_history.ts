import { Migration } from '@mikro-orm/migrations';

/**
 * A booking's history: one row per applied move of the state machine, written in the move's own
 * transaction (who, which action, from and to states, the money step and its amount, the reason).
 * Append-only; the conversation thread and the support console read it.
 */
export class Migration20261124010000_booking_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "booking_history" (
      "id" uuid not null default gen_random_uuid() primary key,
      "booking_id" uuid not null references "bookings" ("id") on delete cascade,
      "action" text not null,
      "actor" text not null check ("actor" in ('booker', 'creator', 'support', 'system')),
      "actor_user_id" uuid null references "users" ("id") on delete set null,
      "from_status" text not null,
      "from_payment" text not null,
      "to_status" text not null,
      "to_payment" text not null,
      "money_step" text null,
      "amount_cents" integer null,
      "reason" text null,
      "created_at" timestamptz not null,
      "seq" bigserial not null
    );`);
    // A booking's history in the order the moves were applied (moves can share a clock instant).
    this.addSql('create index "booking_history_booking_idx" on "booking_history" ("booking_id", "seq");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "booking_history";');
  }
}
