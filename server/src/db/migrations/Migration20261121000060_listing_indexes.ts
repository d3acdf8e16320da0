import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for every sort and filter of the public creator listing (measured with `pnpm bench`):
 * each sort walks its own index and stops after one page; the count skips suspended users
 * through a small partial index instead of reading every user.
 */
export class Migration20261121000060_listing_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "users_suspended_idx" on "users" ("id") where "suspended_at" is not null;`);
    // The sort keys must match SORTS in features/profiles/creator-search.ts (rating already has profiles_creator_rating_idx).
    this.addSql(`create index "profiles_creator_price_asc_idx" on "profiles" ((coalesce("hourly_rate_cents", 0)), "id") where "account_type" = 'creator';`);
    this.addSql(`create index "profiles_creator_price_desc_idx" on "profiles" ((coalesce("hourly_rate_cents", 0)) desc, "id") where "account_type" = 'creator';`);
    this.addSql(`create index "profiles_creator_bookings_idx" on "profiles" ("total_bookings" desc, "id") where "account_type" = 'creator';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "profiles_creator_bookings_idx";');
    this.addSql('drop index if exists "profiles_creator_price_desc_idx";');
    this.addSql('drop index if exists "profiles_creator_price_asc_idx";');
    this.addSql('drop index if exists "users_suspended_idx";');
  }
}
