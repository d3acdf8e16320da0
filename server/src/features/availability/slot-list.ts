import { badInput } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { AVAILABILITY_MESSAGES as MSG, MAX_SLOT_LIST_DAYS, SlotListSchema, type SlotListInput } from './availability.inputs';
import { slotBookable } from '../profiles';
import { isIsoDateTime, localInstant } from './local-time';

/**
 * A creator's slot list (`availabilitySlots`, REST `GET .../availability`): what the service and
 * the compiled read (slots.compiled.ts) share, so both list the same slots and refuse the same
 * windows.
 */

/**
 * The window [from, to) of a slot list from the optional `from`/`to`: at most MAX_SLOT_LIST_DAYS
 * (a creator's past hours pile up for ever); without `from` it starts now (or that many days before
 * `to`), without `to` it ends that many days after `from`. BAD_USER_INPUT when too long or empty.
 */
export function slotListWindow(input: SlotListInput, now: Date): { from: Date; to: Date } {
  const range = parseInput(SlotListSchema, input);
  const maxMs = MAX_SLOT_LIST_DAYS * 86_400_000;
  const given = { from: range.from ? readInstant(range.from, 'from') : null, to: range.to ? readInstant(range.to, 'to') : null };
  const from = given.from ?? (given.to ? new Date(given.to.getTime() - maxMs) : now);
  const to = given.to ?? new Date(from.getTime() + maxMs);
  if (to.getTime() <= from.getTime()) throw badInput(MSG.listWindowOrder, 'to');
  if (to.getTime() - from.getTime() > maxMs) throw badInput(MSG.listWindowTooLong, 'to');
  return { from, to };
}

function readInstant(text: string, field: string): Date {
  const dt = isIsoDateTime(text) || /^\d{4}-\d{2}-\d{2}$/.test(text) ? localInstant(text, 'UTC') : null;
  if (!dt) throw badInput(`${field} must be an ISO-8601 date-time`, field);
  return dt.toJSDate();
}

/**
 * The slots of the creator `profileId` (a SQL expression) overlapping the window, as `<alias>` rows
 * (listed by start time: a creator's slots never overlap, so start times are unique): a scan of the
 * `availability_slots_no_overlap` GiST index. Booked slots are listed; free ones only while bookable
 * at `now` (notice, horizon, busy times and buffers: `slotBookable`). `from`, `to` and `now` are
 * placeholders (`?` each by default; a compiled read passes the ones it bound).
 */
export const slotsInWindow = (alias: string, profileId: string, from = '?', to = '?', now = '?') =>
  `availability_slots ${alias} where ${alias}.streamer_id = ${profileId}
     and tstzrange(${alias}.start_time, ${alias}.end_time) && tstzrange(${from}::timestamptz, ${to}::timestamptz)
     and (${alias}.is_booked or ${slotBookable(alias, now)})`;
