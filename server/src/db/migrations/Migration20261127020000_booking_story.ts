import { Migration } from '@mikro-orm/migrations';

/**
 * A booking's story is its history: each outbox event about a move names the move's history row
 * (`outbox_event.history_id`), and the history tells the hours too: each move records the booking's start and end after it
 * (a reschedule's new hours), so readers of a booking's story (calendar invites and reminders, a
 * thread's lines) read the history instead of the hours copied into outbox payloads.
 */
export class Migration20261127020000_booking_story extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "booking_history" add column "start_time" timestamptz null, add column "end_time" timestamptz null;');
    // Moves recorded before this: the booking's hours now (a request moved before today tells its new hours from the start).
    this.addSql('update "booking_history" h set "start_time" = b."start_time", "end_time" = b."end_time" from "bookings" b where b."id" = h."booking_id";');
    this.addSql('alter table "booking_history" alter column "start_time" set not null, alter column "end_time" set not null;');
    this.addSql('alter table "outbox_event" add column "history_id" uuid null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "outbox_event" drop column if exists "history_id";');
    this.addSql('alter table "booking_history" drop column if exists "start_time", drop column if exists "end_time";');
  }
}
