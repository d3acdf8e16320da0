import { Migration } from '@mikro-orm/migrations';

/**
 * Two-step sign-in (TOTP secret sealed with SECRETS_KEY, hashed one-time recovery codes) and the
 * list of where an account is signed in (one row per session, i.e. refresh-token family).
 */
export class Migration20261126110000_two_factor_and_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "two_factor_credentials" (
      "user_id" uuid not null primary key references "users" ("id") on update cascade on delete cascade,
      "secret_sealed" text not null,
      "enabled_at" timestamptz null,
      "last_used_step" bigint null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`create table "two_factor_recovery_codes" (
      "id" uuid not null default gen_random_uuid() primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "code_hash" text not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "two_factor_recovery_codes_user_code_unique" unique ("user_id", "code_hash")
    );`);
    this.addSql(`create table "auth_sessions" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "user_agent" text null,
      "ip" text null,
      "created_at" timestamptz not null,
      "last_seen_at" timestamptz not null
    );`);
    this.addSql('create index "auth_sessions_user_id_index" on "auth_sessions" ("user_id");');
    // Sessions signed in before this table existed are listed too (without device or address).
    this.addSql(`insert into "auth_sessions" ("id", "user_id", "created_at", "last_seen_at")
      select "family_id", min("user_id"::text)::uuid, min("created_at"), max("created_at")
      from "refresh_tokens" where "revoked_at" is null group by "family_id"
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "auth_sessions";');
    this.addSql('drop table if exists "two_factor_recovery_codes";');
    this.addSql('drop table if exists "two_factor_credentials";');
  }
}
