import { Migration } from '@mikro-orm/migrations';

/** A profile's uploaded photo (a creator) or logo (a brand): the content address of each size it is served in. */
export class Migration20261127030100_profile_photo extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "profiles" add column "photo" jsonb null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "profiles" drop column if exists "photo";');
  }
}
