import { Migration } from '@mikro-orm/migrations';

/**
 * Partner webhooks: endpoints (with their signing secret and the previous one during a rotation's
 * overlap), one delivery row per (outbox event, endpoint) — the stable `webhook-id` — and hourly
 * request counts per API key for the developer console's usage chart.
 */
export class Migration20261124040000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "url" varchar(2048) not null,
      "event_types" text[] not null,
      "secret" varchar(100) not null,
      "previous_secret" varchar(100) null,
      "previous_secret_expires_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "failing_since" timestamptz null,
      "disabled_at" timestamptz null,
      "disabled_reason" varchar(200) null
    );`);
    this.addSql('create index "webhook_endpoints_user_id_index" on "webhook_endpoints" ("user_id");');
    this.addSql('create index "webhook_endpoints_event_types_index" on "webhook_endpoints" using gin ("event_types") where "disabled_at" is null;');

    this.addSql(`create table "webhook_deliveries" (
      "id" uuid not null primary key,
      "seq" bigserial not null,
      "endpoint_id" uuid not null references "webhook_endpoints" ("id") on update cascade on delete cascade,
      "event_id" uuid not null,
      "event_type" varchar(64) not null,
      "event_created_at" timestamptz not null,
      "body" text not null,
      "status" varchar(16) not null,
      "attempts" int not null default 0,
      "created_at" timestamptz not null,
      "next_attempt_at" timestamptz null,
      "lease_until" timestamptz null,
      "lease_token" uuid null,
      "last_attempt_at" timestamptz null,
      "response_status" int null,
      "response_time_ms" int null,
      "response_body" varchar(2048) null,
      "error" varchar(300) null
    );`);
    this.addSql('alter table "webhook_deliveries" add constraint "webhook_deliveries_event_endpoint_unique" unique ("event_id", "endpoint_id");');
    this.addSql('create index "webhook_deliveries_endpoint_seq_index" on "webhook_deliveries" ("endpoint_id", "seq" desc);');
    this.addSql(`create index "webhook_deliveries_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" = 'pending';`);

    this.addSql(`create table "api_key_usage" (
      "api_key_id" uuid not null references "api_keys" ("id") on update cascade on delete cascade,
      "hour" timestamptz not null,
      "requests" int not null,
      primary key ("api_key_id", "hour")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "api_key_usage";');
    this.addSql('drop table if exists "webhook_deliveries";');
    this.addSql('drop table if exists "webhook_endpoints";');
  }
}
