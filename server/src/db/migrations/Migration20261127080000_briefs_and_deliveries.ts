import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 items 3 and 4 (features/deliveries): a booking's brief, one row per version (the booker writes it, the
 * creator confirms the version they read), and what the creator delivered, one row per submission, with the booker's
 * answer and the approval window's end. `bookings.revisions_included`: the changes the booker may ask for (null: the
 * product's default).
 */
export class Migration20261127080000_briefs_and_deliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column if not exists "revisions_included" smallint null check ("revisions_included" >= 0);`);
    this.addSql(`create table "booking_briefs" (
      "id" uuid primary key,
      "booking_id" uuid not null references "bookings" ("id") on delete cascade,
      "version" int not null check ("version" >= 1),
      "talking_points" text not null,
      "links" jsonb not null default '[]',
      "dos" text null,
      "donts" text null,
      "disclosure_required" boolean not null,
      "file_ids" jsonb not null default '[]',
      "submitted_by" uuid not null references "users" ("id") on delete cascade,
      "submitted_at" timestamptz not null,
      "confirmed_by" uuid null references "users" ("id") on delete set null,
      "confirmed_at" timestamptz null,
      unique ("booking_id", "version")
    );`);
    this.addSql(`create table "booking_deliveries" (
      "id" uuid primary key,
      "booking_id" uuid not null references "bookings" ("id") on delete cascade,
      "number" int not null check ("number" >= 1),
      "links" jsonb not null default '[]',
      "note" text null,
      "file_ids" jsonb not null default '[]',
      "submitted_by" uuid not null references "users" ("id") on delete cascade,
      "submitted_at" timestamptz not null,
      "approval_due_at" timestamptz not null,
      "status" text not null check ("status" in ('submitted', 'changes_requested', 'approved', 'closed')),
      "response_note" text null,
      "responded_at" timestamptz null,
      "responded_by" text null check ("responded_by" in ('booker', 'system')),
      unique ("booking_id", "number")
    );`);
    // At most one delivery waits for the booker's answer; the approval sweep reads the due ones.
    this.addSql(`create unique index "booking_deliveries_one_open" on "booking_deliveries" ("booking_id") where "status" = 'submitted';`);
    this.addSql(`create index "booking_deliveries_due" on "booking_deliveries" ("approval_due_at") where "status" = 'submitted';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "booking_deliveries";');
    this.addSql('drop table if exists "booking_briefs";');
    this.addSql('alter table "bookings" drop column if exists "revisions_included";');
  }
}
