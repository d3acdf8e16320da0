import { Migration } from '@mikro-orm/migrations';

/** Marketplace core: profiles, availability, recurring patterns, bookings, ledger, reviews, disputes. */
export class Migration20261121000002_marketplace extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "disputes" ("id" uuid not null, "booking_id" uuid not null, "opened_by" uuid not null, "kind" text check ("kind" in (\'general\', \'creator_no_show\')) not null default \'general\', "reason" text not null, "evidence" text null, "respondent_statement" text null, "resolution" text check ("resolution" in (\'refund_full\', \'refund_partial\', \'release\')) null, "refund_cents" int null, "resolution_note" text null, "resolved_by" uuid null, "resolved_at" timestamptz null, "created_at" timestamptz not null, constraint "disputes_pkey" primary key ("id"));');
    this.addSql('create index "disputes_booking_id_index" on "disputes" ("booking_id");');
    this.addSql('create table "ledger_entries" ("id" serial primary key, "booking_id" uuid not null, "kind" text check ("kind" in (\'capture\', \'refund\', \'fee\', \'allocation\', \'transfer\')) not null, "amount_cents" int not null, "provider_ref" text null, "idempotency_key" text not null, "created_at" timestamptz not null);');
    this.addSql('create index "ledger_entries_booking_id_index" on "ledger_entries" ("booking_id");');
    this.addSql('alter table "ledger_entries" add constraint "ledger_entries_idempotency_key_unique" unique ("idempotency_key");');
    this.addSql('create table "profiles" ("id" uuid not null, "user_id" uuid not null, "account_type" text check ("account_type" in (\'creator\', \'brand\')) not null, "display_name" varchar(100) not null, "bio" text null, "profile_image_url" text null, "is_verified" boolean not null default false, "average_rating" double precision not null default 0, "review_count" int not null default 0, "total_bookings" int not null default 0, "platforms" text[] not null, "hourly_rate_cents" int null, "minimum_hours" int not null default 1, "is_available" boolean not null default true, "twitch_username" text null, "youtube_handle" text null, "tiktok_handle" text null, "instagram_handle" text null, "timezone" text not null default \'UTC\', "connect_account_id" text null, "onboarding_complete" boolean not null default false, "charges_enabled" boolean not null default false, "payouts_enabled" boolean not null default false, "no_show_flags" int not null default 0, "suspended_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "profiles_pkey" primary key ("id"));');
    this.addSql('alter table "profiles" add constraint "profiles_user_id_unique" unique ("user_id");');
    this.addSql('create table "reviews" ("id" uuid not null, "booking_id" uuid not null, "streamer_id" uuid not null, "reviewer_id" uuid not null, "reviewee_id" uuid not null, "rating" smallint not null, "comment" text null, "created_at" timestamptz not null, constraint "reviews_pkey" primary key ("id"));');
    this.addSql('create table "recurring_patterns" ("id" uuid not null, "streamer_id" uuid not null, "title" varchar(120) not null, "days_of_week" int[] not null, "start_time" varchar(5) not null, "end_time" varchar(5) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "recurring_patterns_pkey" primary key ("id"));');
    this.addSql('create table "availability_slots" ("id" uuid not null, "streamer_id" uuid not null, "start_time" timestamptz not null, "end_time" timestamptz not null, "is_booked" boolean not null default false, "booking_id" uuid null, "source" text check ("source" in (\'manual\', \'recurring\')) not null default \'manual\', "pattern_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "availability_slots_pkey" primary key ("id"));');
    this.addSql('create table "bookings" ("id" uuid not null, "streamer_id" uuid not null, "booker_id" uuid not null, "start_time" timestamptz not null, "end_time" timestamptz not null, "total_hours" int not null, "hourly_rate_cents" int not null, "total_cents" int not null, "fee_cents" int not null, "streamer_amount_cents" int not null, "status" text check ("status" in (\'pending\', \'confirmed\', \'completed\', \'auto_completed\', \'cancelled\', \'disputed\')) not null default \'pending\', "payment_status" text check ("payment_status" in (\'unpaid\', \'held\', \'allocated\', \'released\', \'paid_out\', \'voided\', \'refunded\', \'disputed\')) not null default \'unpaid\', "booking_details" text null, "streamer_confirmed" boolean not null default false, "booker_confirmed" boolean not null default false, "confirmation_deadline" timestamptz not null, "cancellation_reason" text null, "cancelled_by" uuid null, "cancelled_at" timestamptz null, "refund_cents" int not null default 0, "policy" jsonb not null, "payment_intent_id" text null, "idempotency_key" text null, "checkout_expires_at" timestamptz not null, "authorized_at" timestamptz null, "accepted_at" timestamptz null, "completed_at" timestamptz null, "allocated_at" timestamptz null, "released_at" timestamptz null, "paid_out_at" timestamptz null, "transfer_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, constraint "bookings_pkey" primary key ("id"));');
    this.addSql('create index "bookings_streamer_id_index" on "bookings" ("streamer_id");');
    this.addSql('create index "bookings_booker_id_index" on "bookings" ("booker_id");');
    this.addSql('alter table "bookings" add constraint "bookings_payment_intent_id_unique" unique ("payment_intent_id");');
    this.addSql('create table "user_warnings" ("id" uuid not null, "user_id" uuid not null, "issued_by" uuid not null, "reason" text not null, "booking_id" uuid null, "created_at" timestamptz not null, constraint "user_warnings_pkey" primary key ("id"));');
    this.addSql('create index "user_warnings_user_id_index" on "user_warnings" ("user_id");');
    this.addSql('create table "webhook_events" ("id" text not null, "type" text not null, "received_at" timestamptz not null, constraint "webhook_events_pkey" primary key ("id"));');
    this.addSql('alter table "profiles" add constraint "profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "reviews" add constraint "reviews_streamer_id_foreign" foreign key ("streamer_id") references "profiles" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "reviews" add constraint "reviews_reviewer_id_foreign" foreign key ("reviewer_id") references "users" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "reviews" add constraint "reviews_reviewee_id_foreign" foreign key ("reviewee_id") references "users" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "recurring_patterns" add constraint "recurring_patterns_streamer_id_foreign" foreign key ("streamer_id") references "profiles" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "availability_slots" add constraint "availability_slots_streamer_id_foreign" foreign key ("streamer_id") references "profiles" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "bookings" add constraint "bookings_streamer_id_foreign" foreign key ("streamer_id") references "profiles" ("id") on update cascade;');
    this.addSql('alter table "bookings" add constraint "bookings_booker_id_foreign" foreign key ("booker_id") references "users" ("id") on update cascade;');
    // A creator's slots never overlap (and so never duplicate).
    this.addSql('alter table "availability_slots" add constraint "availability_slots_time_order" check ("end_time" > "start_time");');
    this.addSql('alter table "availability_slots" add constraint "availability_slots_no_overlap" exclude using gist ("streamer_id" with =, tstzrange("start_time", "end_time") with &&);');
    this.addSql('create index "availability_slots_free_idx" on "availability_slots" ("streamer_id", "start_time") where not "is_booked";');
    this.addSql('create index "availability_slots_booking_id_index" on "availability_slots" ("booking_id") where "booking_id" is not null;');
    // Double booking is impossible by construction: no two live bookings of a creator overlap.
    this.addSql('alter table "bookings" add constraint "bookings_time_order" check ("end_time" > "start_time");');
    this.addSql('alter table "bookings" add constraint "bookings_no_overlap" exclude using gist ("streamer_id" with =, tstzrange("start_time", "end_time") with &&) where ("status" in (\'pending\', \'confirmed\', \'completed\', \'auto_completed\', \'disputed\'));');
    this.addSql('alter table "bookings" add constraint "bookings_money_adds_up" check ("total_cents" = "fee_cents" + "streamer_amount_cents" and "fee_cents" >= 0 and "streamer_amount_cents" >= 0);');
    this.addSql('alter table "bookings" add constraint "bookings_refund_bounds" check ("refund_cents" between 0 and "total_cents");');
    this.addSql('create unique index "bookings_booker_idempotency_key_unique" on "bookings" ("booker_id", "idempotency_key") where "idempotency_key" is not null;');
    this.addSql('create index "bookings_status_start_idx" on "bookings" ("status", "start_time");');
    this.addSql('alter table "ledger_entries" add constraint "ledger_entries_amount_positive" check ("amount_cents" >= 0);');
    this.addSql('alter table "ledger_entries" add constraint "ledger_entries_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade;');
    this.addSql('alter table "reviews" add constraint "reviews_rating_range" check ("rating" between 1 and 5);');
    this.addSql('create unique index "reviews_booking_reviewer_unique" on "reviews" ("booking_id", "reviewer_id");');
    this.addSql('create index "reviews_streamer_created_idx" on "reviews" ("streamer_id", "created_at" desc);');
    this.addSql('alter table "reviews" add constraint "reviews_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "disputes" add constraint "disputes_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;');
    this.addSql('alter table "profiles" add constraint "profiles_hourly_rate_min" check ("hourly_rate_cents" is null or "hourly_rate_cents" >= 100);');
    this.addSql('alter table "profiles" add constraint "profiles_minimum_hours_min" check ("minimum_hours" >= 1);');
    this.addSql('alter table "profiles" add constraint "profiles_platforms_known" check ("platforms" <@ array[\'twitch\', \'youtube\', \'tiktok\', \'instagram\']::text[]);');
    this.addSql('alter table "profiles" add constraint "profiles_rating_range" check ("average_rating" between 0 and 5);');
    this.addSql('create index "profiles_platforms_gin" on "profiles" using gin ("platforms");');
    this.addSql('alter table "recurring_patterns" add constraint "recurring_patterns_days_valid" check ("days_of_week" <@ array[0, 1, 2, 3, 4, 5, 6] and cardinality("days_of_week") > 0);');
    this.addSql('alter table "recurring_patterns" add constraint "recurring_patterns_time_order" check ("start_time" < "end_time");');
    this.addSql('create index "recurring_patterns_streamer_id_index" on "recurring_patterns" ("streamer_id");');
  }

  override async down(): Promise<void> {
    for (const table of ['webhook_events', 'user_warnings', 'disputes', 'reviews', 'ledger_entries', 'availability_slots', 'bookings', 'recurring_patterns', 'profiles']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
