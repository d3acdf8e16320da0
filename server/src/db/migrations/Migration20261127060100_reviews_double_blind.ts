import { Migration } from '@mikro-orm/migrations';

/**
 * Double-blind reviews: a review is revealed (shown publicly, counted in ratings, told to its
 * reviewee) when both parties of the booking have written theirs, or 14 days after the booking was
 * completed. Reviews written before this change are revealed already.
 */
export class Migration20261127060100_reviews_double_blind extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "reviews" add column if not exists "revealed_at" timestamptz null;');
    this.addSql('update "reviews" set "revealed_at" = "created_at" where "revealed_at" is null;');
    // The reveal sweep looks for hidden reviews only.
    this.addSql('create index if not exists "reviews_hidden_idx" on "reviews" ("booking_id") where "revealed_at" is null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "reviews_hidden_idx";');
    this.addSql('alter table "reviews" drop column if exists "revealed_at";');
  }
}
