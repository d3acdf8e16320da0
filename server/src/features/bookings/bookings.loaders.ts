import type { ServiceContext } from '../../shared/context';
import { perRequestLoader, type LoaderCache } from '../../shared/loaders';
import { Profile } from '../profiles/profile.entity';
import { User } from '../users/user.entity';
import { Booking } from './booking.entity';
import { readBookingFacts, type BookingFacts } from './booking-facts';

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

/** Points a subscription's context at `event`: fresh loaders of its own, the event's shared reads. */
export function joinEventReads(ctx: LoaderContext, event: object): void {
  let shared = eventReads.get(event);
  if (!shared) {
    shared = { em: ctx.em.fork(), viewer: null, loaders: new Map() };
    eventReads.set(event, shared);
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

export const bookingLoaders = {
  /** Bookings read fresh, with their creator profile and booker (one joined statement, primed into those loaders). */
  booking: (ctx: LoaderContext) =>
    readLoader<string, Booking | null>(ctx, 'bookings.booking', async (reads, ids) => {
      const rows = await reads.em.find(Booking, { id: [...ids] }, { populate: ['streamer', 'booker'] });
      for (const b of rows) {
        profile(reads).prime(b.streamer.id, b.streamer.unwrap());
        user(reads).prime(b.booker.id, b.booker.unwrap());
      }
      return byId(rows, ids);
    }),

  profile,

  user,

  /** A user's own profile (a booker's brand or creator profile names them). */
  profileOfUser: (ctx: LoaderContext) =>
    readLoader<string, Profile | null>(ctx, 'bookings.profileOfUser', async (reads, userIds) => {
      const rows = await reads.em.find(Profile, { user: [...userIds] });
      const map = new Map(rows.map((p) => [p.user.id, p]));
      return userIds.map((id) => map.get(id) ?? null);
    }),

  /** Ledger totals, dispute and reviewers: the state machine's facts and the card's dispute, one statement per batch. */
  facts: (ctx: LoaderContext) =>
    readLoader<string, BookingFacts>(ctx, 'bookings.facts', async (reads, bookingIds) => {
      const facts = await readBookingFacts(reads.em, bookingIds);
      return bookingIds.map((id) => facts.get(id)!);
    }),
};
