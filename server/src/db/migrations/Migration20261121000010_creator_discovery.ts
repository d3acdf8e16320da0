import { Migration } from '@mikro-orm/migrations';

/** Indexes for the public creator listing (free-text search, rating sort) and review lists. */
export class Migration20261121000010_creator_discovery extends Migration {
  override async up(): Promise<void> {
    // Trigram index so `search` (case-insensitive substring over name, bio and handles) stays fast.
    // The expression must match SEARCH_DOCUMENT in features/profiles/creator-search.ts.
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`create index "profiles_search_trgm" on "profiles" using gin ((lower("display_name"::text || ' ' || coalesce("bio", '') || ' ' || coalesce("twitch_username", '') || ' ' || coalesce("youtube_handle", '') || ' ' || coalesce("tiktok_handle", '') || ' ' || coalesce("instagram_handle", ''))) gin_trgm_ops);`);
    this.addSql(`create index "profiles_creator_rating_idx" on "profiles" ("average_rating" desc, "id") where "account_type" = 'creator';`);
    // A person's rating and review list are the reviews whose reviewee they are.
    this.addSql('create index "reviews_reviewee_created_idx" on "reviews" ("reviewee_id", "created_at" desc, "id" desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "reviews_reviewee_created_idx";');
    this.addSql('drop index if exists "profiles_creator_rating_idx";');
    this.addSql('drop index if exists "profiles_search_trgm";');
  }
}
