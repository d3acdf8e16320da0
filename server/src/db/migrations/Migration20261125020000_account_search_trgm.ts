import { Migration } from '@mikro-orm/migrations';

/**
 * Support's account search (`supportUserSearch`: part of an e-mail or a display name, any case)
 * reads trigram indexes instead of every account: `lower(…) like '%text%'` can use a GIN index of
 * pg_trgm's trigrams (a trusted extension: the database owner may create it).
 */
export class Migration20261125020000_account_search_trgm extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create index if not exists "users_email_lower_trgm" on "users" using gin (lower("email") gin_trgm_ops);');
    this.addSql('create index if not exists "profiles_display_name_lower_trgm" on "profiles" using gin (lower("display_name") gin_trgm_ops);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "profiles_display_name_lower_trgm";');
    this.addSql('drop index if exists "users_email_lower_trgm";');
  }
}
