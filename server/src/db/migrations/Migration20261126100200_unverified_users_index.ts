import { Migration } from '@mikro-orm/migrations';

/**
 * The listing leaves out creators whose owner has not verified their e-mail address (a `not
 * exists` on users, like suspended ones): such users are few (recent sign-ups), so a partial index
 * of them keeps that check one index probe per creator without reading user rows.
 */
export class Migration20261126100200_unverified_users_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists "users_unverified_idx" on "users" ("id") where "email_verified_at" is null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "users_unverified_idx";');
  }
}
