import { Migration } from '@mikro-orm/migrations';

/**
 * Booking process: ledger reversals (a dispute opened after completion takes the fee and the
 * creator's allocation back into escrow), one dispute per booking, and indexes for the timers.
 */
export class Migration20261121000040_booking_process extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "ledger_entries" drop constraint if exists "ledger_entries_kind_check";');
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in ('capture', 'refund', 'fee', 'fee_reversal', 'allocation', 'allocation_reversal', 'transfer'));`);
    this.addSql('drop index if exists "disputes_booking_id_index";');
    this.addSql('alter table "disputes" add constraint "disputes_booking_id_unique" unique ("booking_id");');
    this.addSql('create index "disputes_open_idx" on "disputes" ("created_at") where "resolved_at" is null;');
    // The timers sweep by (payment status, status) and a deadline.
    this.addSql('create index "bookings_payment_status_idx" on "bookings" ("payment_status", "status");');
    this.addSql('create index "bookings_created_idx" on "bookings" ("created_at" desc, "id" desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "bookings_created_idx";');
    this.addSql('drop index if exists "bookings_payment_status_idx";');
    this.addSql('drop index if exists "disputes_open_idx";');
    this.addSql('alter table "disputes" drop constraint if exists "disputes_booking_id_unique";');
    this.addSql('create index "disputes_booking_id_index" on "disputes" ("booking_id");');
    this.addSql('alter table "ledger_entries" drop constraint if exists "ledger_entries_kind_check";');
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in ('capture', 'refund', 'fee', 'allocation', 'transfer'));`);
  }
}
