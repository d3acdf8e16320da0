import { Migration } from '@mikro-orm/migrations';

const PLATFORMS = ['twitch', 'youtube', 'tiktok', 'instagram'];

/**
 * Indexes for the listing's one statement (issue 20; plans checked in
 * features/profiles/__tests__/listing-plans.test.ts):
 * - per platform, the listed creators in rating order (partial: creator, not suspended, on that
 *   platform): a platform's page walks its own index and stops after one page with nothing to
 *   filter out, and its count reads only that index;
 * - a creator's free slots in (start, id) order with the end time included: "the next N free
 *   slots" is a range scan that stops after N entries, without a sort on the id tie-breaker. It
 *   replaces availability_slots_free_idx (same leading columns, same predicate).
 */
export class Migration20261124050000_listing_one_statement extends Migration {
  override async up(): Promise<void> {
    for (const platform of PLATFORMS) {
      this.addSql(
        `create index "profiles_listed_${platform}_rating_idx" on "profiles" ("average_rating" desc, "id")
           where "account_type" = 'creator' and "suspended_at" is null and "platforms" @> '{${platform}}'::text[];`,
      );
    }
    this.addSql(
      `create index "availability_slots_next_free_idx" on "availability_slots" ("streamer_id", "start_time", "id") include ("end_time") where not "is_booked";`,
    );
    this.addSql('drop index if exists "availability_slots_free_idx";');
  }

  override async down(): Promise<void> {
    this.addSql('create index "availability_slots_free_idx" on "availability_slots" ("streamer_id", "start_time") where not "is_booked";');
    this.addSql('drop index if exists "availability_slots_next_free_idx";');
    for (const platform of PLATFORMS) this.addSql(`drop index if exists "profiles_listed_${platform}_rating_idx";`);
  }
}
