import { bind, elementOf } from '../../platform/graphql/compiled-sql';
import type { RootFieldCompiler } from '../../platform/graphql/compiled-roots';
import type { GraphQLContext } from '../../platform/graphql/context';
import { UUID_RE } from '../../platform/shared/pagination';
import { AccountType } from '../users';
import { slotListWindow, slotsInWindow } from './slot-list';
import { SLOT_FIELDS } from '../profiles';

/**
 * `availabilitySlots(creatorId, from, to)` compiled (graphql/compiled-roots.ts): the slots of the
 * window in time order, as `AvailabilityService.listSlots` lists them (same window rules, same
 * SQL). NULL when it answers NOT_FOUND (an id that is not a creator's); refused windows and ids are
 * left to it.
 */
export const availabilitySlotsRoot: RootFieldCompiler<GraphQLContext> = {
  field: 'availabilitySlots',
  compile(cx, def, f) {
    const element = elementOf(cx, def, f, SLOT_FIELDS);
    return {
      request({ creatorId, from, to }, { now }) {
        if (typeof creatorId !== 'string' || !UUID_RE.test(creatorId)) return null;
        let window: { from: Date; to: Date };
        try {
          window = slotListWindow({ from: from as Date | null, to: to as Date | null }, now);
        } catch {
          return null; // the resolver reports it
        }
        return {
          fixed: true,
          value: (q) => `(select coalesce((select json_agg(${element(q)} order by f.start_time)
              from ${slotsInWindow('f', 'p.id', bind(q, window.from), bind(q, window.to), bind(q, now))}), '[]'::json)
            from profiles p where p.id = ${bind(q, creatorId)} and p.account_type = ${bind(q, AccountType.CREATOR)})`,
        };
      },
    };
  },
};
