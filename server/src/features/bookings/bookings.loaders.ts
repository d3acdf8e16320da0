import type { ServiceContext } from '../../shared/context';
import { perRequestLoader, type LoaderCache } from '../../shared/loaders';
import { Profile } from '../profiles/profile.entity';
import { Review } from '../reviews/review.entity';
import { Dispute } from '../support/dispute.entity';
import { User } from '../users/user.entity';
import { ledgerTotalsByBooking, type LedgerTotals } from './ledger';

/** Per-request batch loaders behind booking lists (GraphQL fields and REST rows): no N+1. */
export type LoaderContext = ServiceContext & { loaders: LoaderCache };

const byId = <T extends { id: string }>(rows: T[], keys: readonly string[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => map.get(k) ?? null);
};

export const bookingLoaders = {
  profile: (ctx: LoaderContext) =>
    perRequestLoader<string, Profile | null>(ctx, 'bookings.profile', async (ids) => byId(await ctx.em.find(Profile, { id: [...ids] }), ids)),

  user: (ctx: LoaderContext) =>
    perRequestLoader<string, User | null>(ctx, 'bookings.user', async (ids) => byId(await ctx.em.find(User, { id: [...ids] }), ids)),

  /** A user's own profile (a booker's brand or creator profile names them). */
  profileOfUser: (ctx: LoaderContext) =>
    perRequestLoader<string, Profile | null>(ctx, 'bookings.profileOfUser', async (userIds) => {
      const rows = await ctx.em.find(Profile, { user: [...userIds] });
      const map = new Map(rows.map((p) => [p.user.id, p]));
      return userIds.map((id) => map.get(id) ?? null);
    }),

  dispute: (ctx: LoaderContext) =>
    perRequestLoader<string, Dispute | null>(ctx, 'bookings.dispute', async (bookingIds) => {
      const rows = await ctx.em.find(Dispute, { bookingId: [...bookingIds] });
      const map = new Map(rows.map((d) => [d.bookingId, d]));
      return bookingIds.map((id) => map.get(id) ?? null);
    }),

  ledger: (ctx: LoaderContext) =>
    perRequestLoader<string, LedgerTotals>(ctx, 'bookings.ledger', async (bookingIds) => {
      const totals = await ledgerTotalsByBooking(ctx.em, bookingIds);
      return bookingIds.map((id) => totals.get(id)!);
    }),

  /** Whether the viewer already reviewed each booking. */
  reviewedByViewer: (ctx: LoaderContext) =>
    perRequestLoader<string, boolean>(ctx, 'bookings.reviewedByViewer', async (bookingIds) => {
      if (!ctx.viewer) return bookingIds.map(() => false);
      const rows = await ctx.em.find(Review, { bookingId: [...bookingIds], reviewer: ctx.viewer.id }, { fields: ['bookingId'] });
      const reviewed = new Set(rows.map((r) => r.bookingId));
      return bookingIds.map((id) => reviewed.has(id));
    }),
};
