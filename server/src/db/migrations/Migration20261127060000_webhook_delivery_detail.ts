import { Migration } from '@mikro-orm/migrations';

/**
 * The developer console shows each delivery as Stripe's does: the request's headers as last sent
 * (the signature header included), the answer's headers, and whether it was a test event sent
 * from the console ("Send test event").
 */
export class Migration20261127060000_webhook_delivery_detail extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "webhook_deliveries" add column if not exists "request_headers" jsonb null;');
    this.addSql('alter table "webhook_deliveries" add column if not exists "response_headers" jsonb null;');
    this.addSql('alter table "webhook_deliveries" add column if not exists "test" boolean not null default false;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "webhook_deliveries" drop column if exists "request_headers", drop column if exists "response_headers", drop column if exists "test";');
  }
}
