import { Migration } from '@mikro-orm/migrations';

/**
 * One-time account tokens (features/auth/account-tokens.ts): password reset and e-mail
 * verification links. Only the SHA-256 of a token is kept; a token is used once (`used_at`), has
 * a purpose and an expiry, and `email` names the address a verification proves (the new address
 * of an e-mail change).
 */
export class Migration20261126100100_account_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "account_tokens" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "purpose" text not null check ("purpose" in ('password_reset', 'verify_email')),
      "token_hash" text not null,
      "email" citext not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "account_tokens_pkey" primary key ("id"),
      constraint "account_tokens_token_hash_unique" unique ("token_hash"));`);
    this.addSql('create index "account_tokens_user_purpose_idx" on "account_tokens" ("user_id", "purpose") where "used_at" is null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "account_tokens";');
  }
}
