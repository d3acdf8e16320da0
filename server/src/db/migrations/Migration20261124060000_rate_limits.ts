import { Migration } from '@mikro-orm/migrations';

/**
 * Rate limits and sign-in throttling move to rate-limiter-flexible (security/rate-limits.ts): its
 * PostgreSQL store's table, created here (the limiter is told `tableCreated`, so it never runs
 * DDL at run time). Unlogged like the counters it replaces: no crash safety needed, no WAL.
 */
export class Migration20261124060000_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table "rate_limits" (
      "key" varchar(255) not null primary key,
      "points" integer not null default 0,
      "expire" bigint null
    );`);
    this.addSql('create index "rate_limits_expire_idx" on "rate_limits" ("expire");');
    this.addSql('drop table if exists "rate_limit_counters";');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "rate_limits";');
    this.addSql(`create unlogged table "rate_limit_counters" (
      "bucket" text not null,
      "window_start" timestamptz not null,
      "expires_at" timestamptz not null,
      "hits" int not null default 0,
      primary key ("bucket", "window_start")
    );`);
    this.addSql('create index "rate_limit_counters_expires_idx" on "rate_limit_counters" ("expires_at");');
  }
}
