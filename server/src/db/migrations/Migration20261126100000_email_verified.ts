import { Migration } from '@mikro-orm/migrations';

/**
 * Verified e-mail addresses: `users.email_verified_at` is set when the owner follows the link
 * e-mailed to the address. Accounts that existed before verification was introduced (and the
 * demo data) count as verified: they were created when nothing asked, and locking them out of
 * payouts and discovery now would punish them for our own gap.
 */
export class Migration20261126100000_email_verified extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "users" add column if not exists "email_verified_at" timestamptz null;');
    this.addSql('update "users" set "email_verified_at" = "created_at" where "email_verified_at" is null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "users" drop column if exists "email_verified_at";');
  }
}
