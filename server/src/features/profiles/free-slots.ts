import { bookableFreeSlots, freeSlotsWhere } from './bookable';

/** A free hour of a creator as listed on cards and the public page. */
export interface FreeSlot {
  id: string;
  creatorId: string;
  startTime: Date;
  endTime: Date;
  isBooked: boolean;
}

/**
 * The next bookable future slots of one creator (free, and allowed by the one rule: notice,
 * horizon, busy times, buffers: `bookableFreeSlots`) as a JSON array (null when there are none), for a
 * LATERAL join: a range scan of `availability_slots_next_free_idx` that stops after the limit.
 * The cards' `nextFreeSlots` loader and the listing's one statement both use it.
 *
 * `creatorId` is a SQL expression of the outer query (e.g. `p.id`); `now` and `limit` are the placeholders of
 * those values (`?` each by default; a compiled read passes the ones it bound). `now` may instead be
 * `{ scheduling: alias }`: the creator's scheduling row (bookable.ts `schedulingRow`) is already
 * joined as that alias (a compiled read joins it once per card).
 * `element`: each slot's JSON, from `f` (id, streamer_id, start_time, end_time, is_booked); the compiled
 * listing builds the API's own fields there.
 */
export const nextFreeSlotsJson = (
  creatorId: string,
  element = `json_build_object('id', f.id, 'streamer_id', f.streamer_id, 'start_time', f.start_time, 'end_time', f.end_time)`,
  now: string | { scheduling: string } = '?',
  limit = '?',
) => {
  const slots = typeof now === 'string' ? bookableFreeSlots(creatorId, now) : { scheduling: null, where: freeSlotsWhere(creatorId, now.scheduling) };
  const read = `select f.id, f.streamer_id, f.start_time, f.end_time, f.is_booked from availability_slots f
         where ${slots.where}
         order by f.start_time, f.id limit ${limit}`;
  return `(
  select json_agg(${element}
                  order by f.start_time, f.id) as slots
  from ${slots.scheduling ? `${slots.scheduling} cross join lateral (${read}) f` : `(${read}) f`}
)`;
};

/** An element of `nextFreeSlotsJson`. */
export const freeSlotFromJson = (r: { id: string; streamer_id: string; start_time: string; end_time: string }): FreeSlot => ({
  id: r.id,
  creatorId: r.streamer_id,
  startTime: new Date(r.start_time),
  endTime: new Date(r.end_time),
  isBooked: false,
});
