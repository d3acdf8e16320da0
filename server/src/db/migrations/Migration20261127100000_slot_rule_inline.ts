import { Migration } from '@mikro-orm/migrations';

/**
 * The bookable-slot rule is written into each statement (features/profiles/bookable.ts) instead of
 * being called as the SQL function `slot_bookable` once per slot: PostgreSQL cannot inline a
 * function that reads tables, and its per-call set-up was two thirds of the uncached listing's time
 * in the database. Nothing calls the function any more, so it goes: one rule, one place.
 */
export class Migration20261127100000_slot_rule_inline extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop function if exists slot_bookable(uuid, uuid, timestamptz, timestamptz, timestamptz, int, int);');
  }

  override async down(): Promise<void> {
    // As migration 20261126150000 created it.
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
  }
}
