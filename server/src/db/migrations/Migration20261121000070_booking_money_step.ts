import { Migration } from '@mikro-orm/migrations';

/**
 * A booking's payment provider call in flight (transition-runner.ts): the transition claims the
 * booking and commits before calling the provider, so no row lock or pooled connection is held
 * during the call; the claim is cleared when the result is recorded.
 */
export class Migration20261121000070_booking_money_step extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "bookings" add column "money_step" jsonb null;');
    // The sweep that finishes steps left behind by a crash reads only these (normally none).
    this.addSql('create index "bookings_money_step_idx" on "bookings" ("id") where "money_step" is not null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "bookings_money_step_idx";');
    this.addSql('alter table "bookings" drop column if exists "money_step";');
  }
}
