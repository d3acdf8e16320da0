import { Migration } from '@mikro-orm/migrations';

/**
 * Partner API: hashed API keys, and the fixed-window counters behind rate limits and sign-in
 * throttling (unlogged: counters need no crash safety, and skipping the WAL keeps hits cheap).
 */
export class Migration20261121000050_partner_api extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "api_keys" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "name" varchar(100) not null,
      "prefix" varchar(32) not null,
      "key_hash" varchar(64) not null,
      "created_by" uuid not null,
      "created_at" timestamptz not null,
      "last_used_at" timestamptz null,
      "expires_at" timestamptz null,
      "revoked_at" timestamptz null,
      "revoked_by" uuid null
    );`);
    this.addSql('alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");');
    this.addSql('create index "api_keys_user_id_index" on "api_keys" ("user_id");');
    this.addSql('alter table "api_keys" add constraint "api_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;');
    this.addSql(`create unlogged table "rate_limit_counters" (
      "bucket" text not null,
      "window_start" timestamptz not null,
      "expires_at" timestamptz not null,
      "hits" int not null default 0,
      primary key ("bucket", "window_start")
    );`);
    this.addSql('create index "rate_limit_counters_expires_idx" on "rate_limit_counters" ("expires_at");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "rate_limit_counters";');
    this.addSql('drop table if exists "api_keys";');
  }
}
