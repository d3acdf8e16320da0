import { Migration } from '@mikro-orm/migrations';

/** Who cancelled a booking (booker, creator, support or system) and the reason's code from the short list. */
export class Migration20261126140100_cancellation_who_why extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column "cancelled_by_role" text null check ("cancelled_by_role" in ('booker', 'creator', 'support', 'system')), add column "cancellation_code" text null;`);
    // Bookings cancelled before: who is told by the history row of the move that cancelled them.
    this.addSql(`update "bookings" b set "cancelled_by_role" = h.actor
      from (select distinct on (booking_id) booking_id, actor from booking_history where to_status = 'cancelled' order by booking_id, created_at) h
      where h.booking_id = b.id and b.status = 'cancelled';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "bookings" drop column if exists "cancelled_by_role", drop column if exists "cancellation_code";');
  }
}
