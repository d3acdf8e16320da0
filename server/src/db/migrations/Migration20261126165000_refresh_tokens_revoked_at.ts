import { Migration } from '@mikro-orm/migrations';

/**
 * The session check (platform/auth/sessions.ts) re-reads the sessions revoked within an access
 * token's lifetime once per SESSION_CACHE_SECONDS per instance: a partial index over the revoked
 * refresh tokens by when, instead of a scan of every token.
 */
export class Migration20261126165000_refresh_tokens_revoked_at extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists "refresh_tokens_revoked_at_idx" on "refresh_tokens" ("revoked_at") where "revoked_at" is not null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "refresh_tokens_revoked_at_idx";');
  }
}
