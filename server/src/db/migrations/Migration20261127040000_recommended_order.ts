import { Migration } from '@mikro-orm/migrations';

/**
 * The public listing's "Recommended" order walks this index: the Bayesian average of
 * RECOMMENDED_SCORE in features/profiles/creator-search.ts (the expression must match it exactly).
 */
export class Migration20261127040000_recommended_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "profiles_creator_recommended_idx" on "profiles" ((("average_rating" * "review_count" + 4.0 * 3) / ("review_count" + 3)) desc, "id") where "account_type" = 'creator';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "profiles_creator_recommended_idx";');
  }
}
