import { Migration } from '@mikro-orm/migrations';

/**
 * A public event (creator.*) goes to every subscribed endpoint of every account: the change's
 * transaction writes one `webhook_fanouts` row (a work-queue row), and the worker writes the
 * deliveries, so the request that caused the event never waits for its fan-out.
 */
export class Migration20261126121000_webhook_fanouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_fanouts" (
      "id" uuid primary key,
      "topic" varchar(64) not null,
      "event_created_at" timestamptz not null,
      "body" text not null,
      "status" varchar(16) not null default 'pending',
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz null,
      "lease_until" timestamptz null,
      "lease_token" uuid null,
      "error" varchar(300) null
    );`);
    this.addSql(`create index "webhook_fanouts_due_index" on "webhook_fanouts" ("next_attempt_at") where "status" = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "webhook_fanouts";');
  }
}
