import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, PG, pgErrorCode } from '../../platform/shared/errors';
import { AvailabilitySlot } from './availability-slot.entity';
import { AVAILABILITY_MESSAGES as MSG } from './availability.inputs';
import type { SlotCandidate } from './recurring-rules';

/** SQL the ORM cannot say in one statement: set-based slot generation and clean-up. */

/**
 * Inserts the candidates that overlap no existing slot of the creator and were not removed by the
 * creator before, in ONE statement; returns the slots created (none on a repeated run).
 */
export async function insertGeneratedSlots(
  em: EntityManager,
  creatorId: string,
  candidates: SlotCandidate[],
  now: Date,
): Promise<AvailabilitySlot[]> {
  if (candidates.length === 0) return [];
  const rows = candidates.map((c) => ({ pattern_id: c.patternId, start_time: c.start.toISOString(), end_time: c.end.toISOString() }));
  const inserted: Record<string, unknown>[] = await em.execute(
    `insert into availability_slots (id, streamer_id, start_time, end_time, is_booked, source, pattern_id, created_at, updated_at)
     select gen_random_uuid(), ?::uuid, c.start_time, c.end_time, false, 'recurring', c.pattern_id, ?, ?
       from json_to_recordset(?::json) as c(pattern_id uuid, start_time timestamptz, end_time timestamptz)
      where not exists (select 1 from availability_slots s
                         where s.streamer_id = ?::uuid
                           and tstzrange(s.start_time, s.end_time) && tstzrange(c.start_time, c.end_time))
        and not exists (select 1 from recurring_slot_skips k where k.pattern_id = c.pattern_id and k.start_time = c.start_time)
      order by c.start_time
     returning *`,
    [creatorId, now, now, JSON.stringify(rows), creatorId],
  );
  return inserted
    .map((row) => em.map(AvailabilitySlot, row))
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}

/**
 * Runs `attempt` again when a concurrent writer took an hour first (exclusion violation): the
 * retry's NOT EXISTS then sees the committed slot and skips it.
 */
export async function retryOnOverlap<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (pgErrorCode(err) !== PG.exclusionViolation) throw err;
      if (i >= tries) throw conflict(MSG.overlap);
    }
  }
}

/** Removes a pattern's generated slots that are still free and in the future; returns their starts. */
export async function removeFutureFreeSlotsOfPattern(em: EntityManager, patternId: string, now: Date): Promise<Date[]> {
  const rows: { start_time: Date }[] = await em.execute(
    `delete from availability_slots
      where pattern_id = ? and source = 'recurring' and not is_booked and booking_id is null and start_time > ?
     returning start_time`,
    [patternId, now],
  );
  return rows.map((r) => new Date(r.start_time));
}

/** Remembers that the creator removed this generated hour, so generation leaves it out. */
export async function recordSkip(em: EntityManager, patternId: string, startTime: Date, now: Date): Promise<void> {
  await em.execute(
    `insert into recurring_slot_skips (id, pattern_id, start_time, created_at)
     select ?, p.id, ?, ? from recurring_patterns p where p.id = ?
     on conflict (pattern_id, start_time) do nothing`,
    [randomUUID(), startTime, now, patternId],
  );
}

/** Skips of hours already past matter no more. */
export async function purgePastSkips(em: EntityManager, now: Date): Promise<void> {
  await em.execute('delete from recurring_slot_skips where start_time < ?', [now]);
}
