import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000001_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists citext;');
    // btree_gist: exclusion constraints mixing "=" on ids with "&&" on time ranges (bookings, slots).
    this.addSql('create extension if not exists btree_gist;');
    this.addSql(`create table "users" (
      "id" uuid not null primary key,
      "email" citext not null,
      "password_hash" varchar(255) not null,
      "account_type" text check ("account_type" in ('creator', 'brand')) not null,
      "role" text check ("role" in ('user', 'support')) not null default 'user',
      "warning_count" int not null default 0,
      "suspended_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql('alter table "users" add constraint "users_email_unique" unique ("email");');
    this.addSql(`create table "refresh_tokens" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "family_id" uuid not null,
      "token_hash" varchar(255) not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null,
      "rotated_at" timestamptz null,
      "revoked_at" timestamptz null
    );`);
    this.addSql('create index "refresh_tokens_user_id_index" on "refresh_tokens" ("user_id");');
    this.addSql('create index "refresh_tokens_family_id_index" on "refresh_tokens" ("family_id");');
    this.addSql('alter table "refresh_tokens" add constraint "refresh_tokens_token_hash_unique" unique ("token_hash");');
    this.addSql('alter table "refresh_tokens" add constraint "refresh_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "refresh_tokens" cascade;');
    this.addSql('drop table if exists "users" cascade;');
  }
}
