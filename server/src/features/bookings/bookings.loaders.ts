import type { ServiceContext } from '../../platform/shared/context';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readLineItems, type LineItem } from './line-items';
import { perRequestLoader, turnBatchedRead, type LoaderCache } from '../../platform/shared/loaders';
import { Profile } from '../profiles';
import { User } from '../users';
import { Booking } from './booking.entity';
import { BookingHistoryEntry } from './booking-history.entity';
import { factsColumns, factsOfRow, readBookingFacts, type BookingFacts, type FactsColumns } from './process/facts';
import { readMoneyFigures, type MoneyFigures } from './ledger';
import { preparedQuery } from '../../platform/db/prepared';
import { mapPrefixed, prefixedColumns } from '../../platform/db/prefixed-rows';

/** Per-request batch loaders behind booking lists (GraphQL fields and REST rows): no N+1. */
export type LoaderContext = ServiceContext & { loaders: LoaderCache };

const byId = <T extends { id: string }>(rows: T[], keys: readonly string[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => map.get(k) ?? null);
};

/**
 * graphql-ws runs a subscription's selection once per subscriber, so each live event is delivered
 * (and resolved) once per party. The deliveries of one event share one EntityManager fork and the
 * loaders below, which read the same rows whoever looks: one set of reads per event, not per party.
 * Per viewer (role, moves, whether they reviewed) is still decided on each subscriber's own
 * context. The shared context has no viewer, so a loader that wrongly asked for one would see nobody.
 */
const eventReads = new WeakMap<object, LoaderContext>(); // event (the bus hands every listener the same object) -> its shared reads
const sharedReadsOf = new WeakMap<LoaderCache, LoaderContext>(); // a subscriber's loaders for one event -> that event's shared reads
const eventContexts = new WeakSet<LoaderContext>(); // the events' shared reads (forks outside any transaction)

/** Points a subscription's context at `event`: fresh loaders of its own, the event's shared reads. */
export function joinEventReads(ctx: LoaderContext, event: object): void {
  let shared = eventReads.get(event);
  if (!shared) {
    shared = { em: ctx.em.fork(), viewer: null, loaders: new Map() };
    eventReads.set(event, shared);
    eventContexts.add(shared);
  }
  ctx.em = shared.em;
  ctx.loaders = new Map();
  sharedReadsOf.set(ctx.loaders, shared);
}

/** A viewer-independent loader: on the event's shared reads during a live delivery, else on the request's own. */
function readLoader<K, V>(
  ctx: LoaderContext,
  key: string,
  batch: (reads: LoaderContext, keys: readonly K[]) => Promise<ArrayLike<V | Error>>,
  options?: { cacheKeyFn: (key: K) => string },
) {
  const reads = sharedReadsOf.get(ctx.loaders) ?? ctx;
  return perRequestLoader<K, V>(reads, key, (keys) => batch(reads, keys), options);
}

const profile = (ctx: LoaderContext) =>
  readLoader<string, Profile | null>(ctx, 'bookings.profile', async (reads, ids) => byId(await reads.em.find(Profile, { id: [...ids] }), ids));

const user = (ctx: LoaderContext) =>
  readLoader<string, User | null>(ctx, 'bookings.user', async (reads, ids) => byId(await reads.em.find(User, { id: [...ids] }), ids));

/** A user's own profile (a booker's brand or creator profile names them). */
const profileOfUser = (ctx: LoaderContext) =>
  readLoader<string, Profile | null>(ctx, 'bookings.profileOfUser', async (reads, userIds) => {
    const rows = await reads.em.find(Profile, { user: [...userIds] });
    const map = new Map(rows.map((p) => [p.user.id, p]));
    return userIds.map((id) => map.get(id) ?? null);
  });

/** How many bookings each user completed as the booker (a brand's track record), one statement per batch. */
const completedAsBooker = (ctx: LoaderContext) =>
  readLoader<string, number>(ctx, 'bookings.completedAsBooker', async (reads, userIds) => {
    const rows = await reads.em.execute<{ booker_id: string; n: number }[]>(
      `select booker_id, count(*)::int as n from bookings
       where booker_id = any(?::uuid[]) and status in ('completed', 'auto_completed') group by booker_id`,
      [`{${userIds.join(',')}}`],
    );
    const byUser = new Map(rows.map((r) => [r.booker_id, Number(r.n)]));
    return userIds.map((id) => byUser.get(id) ?? 0);
  });

/** Ledger totals, dispute and reviewers: the state machine's facts and the card's dispute, one statement per batch. */
const facts = (ctx: LoaderContext) =>
  readLoader<string, BookingFacts>(ctx, 'bookings.facts', async (reads, bookingIds) => {
    const known = await readBookingFacts(reads.em, bookingIds);
    return bookingIds.map((id) => known.get(id)!);
  });

/** Each booking's money figures from the ledger (`readMoneyFigures`), one statement per batch. */
const money = (ctx: LoaderContext) =>
  readLoader<string, MoneyFigures | null>(ctx, 'bookings.money', async (reads, bookingIds) => {
    const known = await readMoneyFigures(reads.em, bookingIds);
    return bookingIds.map((id) => known.get(id) ?? null);
  });

/** Each booking's applied moves in the order they were applied, one statement per batch. */
const history = (ctx: LoaderContext) =>
  readLoader<string, BookingHistoryEntry[]>(ctx, 'bookings.history', async (reads, bookingIds) => {
    const rows = await reads.em.execute<Record<string, unknown>[]>(
      'select * from booking_history where booking_id in (?) order by seq',
      [[...bookingIds]],
    );
    const byBooking = new Map<string, BookingHistoryEntry[]>(bookingIds.map((id) => [id, []]));
    for (const row of rows) byBooking.get(row.booking_id as string)?.push(reads.em.map(BookingHistoryEntry, row));
    return bookingIds.map((id) => byBooking.get(id)!);
  });

/** A card row: the booking, its creator's profile, the booker and the booker's profile (prefixed columns), and its facts. */
type CardRow = Record<string, unknown> & FactsColumns;

/** Bookings with everything their cards show, in one statement. */
async function readCards(em: EntityManager, ids: readonly string[]): Promise<CardRow[]> {
  const { rows } = await preparedQuery<CardRow>(
    em,
    `select ${prefixedColumns(em, Booking, 'b')}, ${prefixedColumns(em, Profile, 's')}, ${prefixedColumns(em, User, 'u')},
            ${prefixedColumns(em, Profile, 'bp')}, ${factsColumns('b.id')}
     from bookings b
     join profiles s on s.id = b.streamer_id
     join users u on u.id = b.booker_id
     left join profiles bp on bp.user_id = b.booker_id
     where b.id = any(?::uuid[])`,
    [[...ids]],
  );
  return rows;
}

/**
 * The live deliveries' card reads: every event received in one turn of the event loop (a burst
 * that arrived while the server was busy) is read in one statement; each event still maps the
 * rows into its own EntityManager.
 */
const deliveryCards = turnBatchedRead<EntityManager, string, CardRow>(readCards, (row) => row.b__id as string);

/** Each booking's line items in order, one statement per batch. */
const lineItems = (ctx: LoaderContext) =>
  readLoader<string, LineItem[]>(ctx, 'bookings.lineItems', async (reads, bookingIds) => {
    const byBooking = await readLineItems(reads.em, bookingIds);
    return bookingIds.map((id) => byBooking.get(id)!);
  });

export const bookingLoaders = {
  /**
   * Bookings read fresh with everything their cards show, in one statement: the creator's
   * profile, the booker and the booker's profile, and the facts (primed into those loaders).
   */
  booking: (ctx: LoaderContext) =>
    readLoader<string, Booking | null>(ctx, 'bookings.booking', async (reads, ids) => {
      const { em } = reads;
      const rows = eventContexts.has(reads) ? await deliveryCards(em, ids) : await readCards(em, ids);
      const bookings = rows.map((row) => {
        const creator = mapPrefixed(em, Profile, row, 's')!;
        const booker = mapPrefixed(em, User, row, 'u')!;
        const bookerProfile = mapPrefixed(em, Profile, row, 'bp');
        const booking = mapPrefixed(em, Booking, row, 'b')!;
        profile(reads).prime(creator.id, creator);
        user(reads).prime(booker.id, booker);
        profileOfUser(reads).prime(booker.id, bookerProfile);
        facts(reads).prime(booking.id, factsOfRow(row));
        return booking;
      });
      return byId(bookings, ids);
    }),

  profile,

  user,

  profileOfUser,

  completedAsBooker,

  facts,

  money,

  history,

  lineItems,
};
