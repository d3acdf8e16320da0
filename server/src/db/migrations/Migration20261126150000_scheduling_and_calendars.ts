import { Migration } from '@mikro-orm/migrations';

/**
 * A creator's scheduling guards and busy times (issue 30):
 * - `availability_settings`: minimum notice, buffers, how far ahead (no row: the defaults);
 * - `availability_blocks`: ranges in which nothing is bookable, by source (`time_off`, or
 *   `calendar:<connection id>` for the busy times of a connected calendar);
 * - `slot_bookable(...)`: the one rule every read and checkout asks (notice, horizon, blocks with the
 *   buffers, buffers around the creator's booked hours);
 * - `calendar_connections`: iCalendar feeds and CalDAV calendars (credentials encrypted), their sync state.
 */
export class Migration20261126150000_scheduling_and_calendars extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "availability_settings" (
      "streamer_id" uuid primary key references "profiles" ("id") on delete cascade,
      "min_notice_minutes" int not null check ("min_notice_minutes" between 0 and 43200),
      "buffer_before_minutes" int not null default 0 check ("buffer_before_minutes" between 0 and 1440),
      "buffer_after_minutes" int not null default 0 check ("buffer_after_minutes" between 0 and 1440),
      "max_days_ahead" int not null default 90 check ("max_days_ahead" between 1 and 730),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create table "availability_blocks" (
      "id" uuid primary key,
      "streamer_id" uuid not null references "profiles" ("id") on delete cascade,
      "source" text not null,
      "during" tstzrange not null check (not isempty("during")),
      "title" text null,
      "created_at" timestamptz not null default now());`);
    this.addSql('create index "availability_blocks_during_idx" on "availability_blocks" using gist ("streamer_id", "during");');
    this.addSql('create index "availability_blocks_source_idx" on "availability_blocks" ("streamer_id", "source");');
    this.addSql(`create function slot_bookable(p_streamer uuid, p_slot uuid, p_start timestamptz, p_end timestamptz, p_now timestamptz,
        p_default_notice int, p_default_days int) returns boolean language sql stable as $$
      select p_start >= p_now + make_interval(mins => coalesce(g.min_notice_minutes, p_default_notice))
         and p_start < p_now + make_interval(days => coalesce(g.max_days_ahead, p_default_days))
         and not exists (select 1 from availability_blocks b where b.streamer_id = p_streamer
               and b.during && tstzrange(p_start - make_interval(mins => coalesce(g.buffer_before_minutes, 0)),
                                         p_end + make_interval(mins => coalesce(g.buffer_after_minutes, 0))))
         and (coalesce(greatest(g.buffer_before_minutes, g.buffer_after_minutes), 0) = 0 or not exists (
               select 1 from availability_slots o where o.streamer_id = p_streamer and o.is_booked and o.id is distinct from p_slot
                 and tstzrange(o.start_time, o.end_time) && tstzrange(
                   p_start - make_interval(mins => greatest(g.buffer_before_minutes, g.buffer_after_minutes)),
                   p_end + make_interval(mins => greatest(g.buffer_before_minutes, g.buffer_after_minutes)))))
      from (select 1) one left join availability_settings g on g.streamer_id = p_streamer
    $$;`);
    this.addSql(`create table "calendar_connections" (
      "id" uuid primary key,
      "streamer_id" uuid not null references "profiles" ("id") on delete cascade,
      "kind" text not null check ("kind" in ('ics', 'caldav')),
      "url" text not null,
      "username" text null,
      "secret" text null,
      "calendar" text null,
      "calendar_url" text null,
      "write_back" boolean not null default false,
      "etag" text null,
      "last_modified" text null,
      "sync_token" text null,
      "ctag" text null,
      "refresh_seconds" int null,
      "busy_count" int not null default 0,
      "last_synced_at" timestamptz null,
      "last_attempt_at" timestamptz null,
      "last_error" text null,
      "next_sync_at" timestamptz not null default now(),
      "created_at" timestamptz not null default now());`);
    this.addSql('create index "calendar_connections_streamer_idx" on "calendar_connections" ("streamer_id", "created_at");');
    this.addSql('create index "calendar_connections_due_idx" on "calendar_connections" ("next_sync_at");');
    this.addSql(`create table "calendar_written_events" (
      "booking_id" uuid not null,
      "connection_id" uuid not null references "calendar_connections" ("id") on delete cascade,
      "object_url" text not null,
      "etag" text null,
      "sequence" int not null,
      primary key ("booking_id", "connection_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "calendar_written_events";');
    this.addSql('drop table if exists "calendar_connections";');
    this.addSql('drop function if exists slot_bookable(uuid, uuid, timestamptz, timestamptz, timestamptz, int, int);');
    this.addSql('drop table if exists "availability_blocks";');
    this.addSql('drop table if exists "availability_settings";');
  }
}
