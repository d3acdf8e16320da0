import { Migration } from '@mikro-orm/migrations';

/**
 * One work queue (jobs/work-queue.ts) for all work done later:
 * - `job_schedule`: the timed sweeps as work rows (one per sweep, due at its next run), replacing
 *   pg-boss's schedules (its `pgboss` schema is dropped);
 * - e-mail deliveries take the queue's lease columns: a claimed row stays `pending` with a lease
 *   (and a token its outcome is recorded against) instead of the status `sending`, and a row with
 *   nothing left to do has no due time;
 * - webhook deliveries are claimed per endpoint: an index of each endpoint's due deliveries.
 */
export class Migration20261126120000_work_queue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "job_schedule" (
      "id" text primary key,
      "status" varchar(16) not null default 'pending',
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz null,
      "lease_until" timestamptz null,
      "lease_token" uuid null,
      "last_error" varchar(500) null
    );`);
    this.addSql('drop schema if exists "pgboss" cascade;');
    this.addSql('alter table "email_delivery" add column "lease_token" uuid null;');
    this.addSql('alter table "email_delivery" alter column "next_attempt_at" drop not null;');
    this.addSql(`update "email_delivery" set "status" = 'pending' where "status" = 'sending';`);
    this.addSql(
      `create index "webhook_deliveries_endpoint_due_index" on "webhook_deliveries" ("endpoint_id", "next_attempt_at") where "status" = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "webhook_deliveries_endpoint_due_index";');
    this.addSql(`update "email_delivery" set "status" = 'sending' where "status" = 'pending' and "lease_until" is not null;`);
    this.addSql(`update "email_delivery" set "next_attempt_at" = "planned_at" where "next_attempt_at" is null;`);
    this.addSql('alter table "email_delivery" alter column "next_attempt_at" set not null;');
    this.addSql('alter table "email_delivery" drop column "lease_token";');
    this.addSql('drop table if exists "job_schedule";');
  }
}
