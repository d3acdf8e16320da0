import { Migration } from '@mikro-orm/migrations';

/**
 * Write-back of confirmed bookings into a creator's CalDAV calendar (issue 30 item 4): one row per
 * (booking event, write-back connection), queued by the outbox consumer in the booking move's
 * transaction and carried out by a worker (retried with back-off).
 */
export class Migration20261126150100_calendar_writeback extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "calendar_writeback" (
      "id" bigserial primary key,
      "event_id" uuid not null,
      "connection_id" uuid not null references "calendar_connections" ("id") on delete cascade,
      "booking_id" uuid not null,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz null,
      "last_error" text null,
      "done_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      unique ("event_id", "connection_id"));`);
    this.addSql('create index "calendar_writeback_due_idx" on "calendar_writeback" ("id") where "done_at" is null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "calendar_writeback";');
  }
}
