import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readLedgerLines, readMoneyFigures, type LedgerLine, type MoneyFigures } from './ledger';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, forbidden, invalidTransition, notFound } from '../../platform/shared/errors';
import type { DomainEvents, EventBus } from '../../platform/shared/events';
import { eventStream, keyedEvents, mapStream, type Listen } from '../../platform/shared/event-stream';
import { decodeCursor, encodeCursor, pageWindow, toConnection, UUID_RE, type Connection } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { Profile } from '../profiles';
import { DisputeKind, DisputeResolution } from './dispute.entity';
import type { User } from '../users';
import { Booking } from './booking.entity';
import type { LineItem } from './line-items';
import type { BookingHistoryEntry } from './booking-history.entity';
import type { DisputeRecord } from './process/facts';
import { bookingLoaders, joinEventReads, type LoaderContext } from './bookings.loaders';
import { BookingIdSchema, CancelSchema, DisputeSchema, ListFilterSchema, StatusChangeSchema, type CancelInput, type DisputeInput } from './bookings.inputs';
import { cancellationTerms, CURRENT_POLICY, lateCancelRefund, requestDeadline, splitRetained, type CancellationTerms } from './process/policy';
import { availableActions, can, decide, type TransitionFacts } from './process/transitions';
import { loadOverview, type Overview } from './overview';
import { partyRole, transitionFacts, type TransitionRunner } from './process/runner';
import { BookingStatus, PaymentStatus, BookingAction, CANCELLATION_REASONS, CANCELLATION_REASON_CODES } from './process/booking.model';
import type { DisputeDetails, ReasonDetails } from './process/move-writes';
import { AccountType, publicNameOf } from '../users';

export type ViewerRole = 'booker' | 'creator';

/** Everything a screen shows about one booking, loaded in batches. */
export interface BookingView {
  booking: Booking;
  creator: Profile;
  booker: BookerView;
  dispute: BookingDisputeView | null;
  viewerRole: ViewerRole | null;
  availableActions: BookingAction[];
  /** The booker's payment intent (to finish paying); null for everyone else (`paymentIntentIdFor`). */
  paymentIntentId: string | null;
  /** Where the money went, from the ledger (`settlementOf`). */
  settlement: Settlement;
  /** What was sold, line by line (their sum is the price). */
  lineItems: LineItem[];
}

/** A booking's money as the ledger records it (cents): the card, REST and support read this. */
export interface Settlement {
  capturedCents: number;
  refundedCents: number;
  platformFeeCents: number;
  creatorCents: number;
  paidOutCents: number;
}

/** A dispute as the parties and support staff see it (one view: the booking card and the support console). */
export interface BookingDisputeView {
  id: string;
  bookingId: string;
  kind: DisputeKind;
  reason: string;
  evidence: string | null;
  respondentStatement: string | null;
  openedBy: ViewerRole;
  resolution: DisputeResolution | null;
  refundCents: number | null;
  resolutionNote: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** The booker's brand as a booking card shows it (a profile of account type brand). */
export interface BookerBrand {
  id: string;
  userId: string;
  displayName: string;
  bio: string | null;
  profileImageUrl: string | null;
  photo: Record<string, string> | null;
  averageRating: number;
  reviewCount: number;
  createdAt: Date;
}

export interface BookerView {
  id: string;
  name: string;
  email: string;
}

/** Who stands on each side of a dispute, for the support console. */
export interface DisputePartiesView {
  bookerId: string;
  bookerName: string;
  bookerEmail: string;
  creatorUserId: string;
  creatorName: string;
  /** Support staff only: a party never reads the other side's address (FORBIDDEN). */
  creatorEmail: () => string;
}

/** A dispute row as its booking's parties and support read it. */
export const disputeView = (d: DisputeRecord, booking: Pick<Booking, 'id' | 'booker'>): BookingDisputeView => ({
  id: d.id,
  bookingId: booking.id,
  kind: d.kind,
  reason: d.reason,
  evidence: d.evidence ?? null,
  respondentStatement: d.respondentStatement ?? null,
  openedBy: d.openedBy === booking.booker.id ? 'booker' : 'creator',
  resolution: d.resolution ?? null,
  refundCents: d.refundCents ?? null,
  resolutionNote: d.resolutionNote ?? null,
  createdAt: d.createdAt,
  resolvedAt: d.resolvedAt ?? null,
});

/** A booker's display name: their profile's name, else a neutral name (never from the e-mail). */
export const displayNameOf = (user: Pick<User, 'accountType'>, profile: Pick<Profile, 'displayName'> | null) => publicNameOf(user, profile);

export interface CancellationQuote {
  bookingId: string;
  allowed: boolean;
  /** Why cancelling is not possible now (null when allowed). */
  reason: string | null;
  /** Money returned to the booker: a refund of captured money or the release of the card hold. */
  refundCents: number;
  /** Under the full-refund notice: part of the price is kept (spec: "(fee applies)"). */
  feeApplies: boolean;
  platformFeeCents: number;
  creatorKeepsCents: number;
}


const STATUS_ACTIONS: Record<string, BookingAction> = {
  confirmed: BookingAction.ACCEPT,
  cancelled: BookingAction.CANCEL,
  completed: BookingAction.CONFIRM_COMPLETION,
};

/**
 * The booking process as users drive it (accept, decline, cancel, confirm completion, dispute,
 * payout) and as they read it (lists, quotes, the dashboard). Every change goes through the
 * TransitionRunner, i.e. through the state machine in process/transitions.ts.
 */
export class BookingsService {
  /** Live events by who hears them: a booking's two parties; a creator's page. */
  private readonly partyUpdates: (userId: string) => Listen<DomainEvents['bookingUpdated']>;
  private readonly slotChangesOf: (creatorId: string) => Listen<DomainEvents['slotsChanged']>;

  constructor(private readonly deps: { clock: Clock; events: EventBus; runner: TransitionRunner }) {
    this.partyUpdates = keyedEvents(deps.events, 'bookingUpdated', (e) => e.partyUserIds);
    this.slotChangesOf = keyedEvents(deps.events, 'slotsChanged', (e) => [e.creatorId]);
  }

  // ---- lifecycle ----

  accept(ctx: ServiceContext, bookingId: string): Promise<Booking> {
    return this.deps.runner.run(ctx, this.id(bookingId), { action: BookingAction.ACCEPT });
  }

  decline(ctx: ServiceContext, bookingId: string, reason?: string | null): Promise<Booking> {
    const data = parseInput(CancelSchema, { bookingId, reason });
    const details: ReasonDetails = { reason: data.reason ?? 'Declined by the creator' };
    return this.deps.runner.run(ctx, data.bookingId, { action: BookingAction.DECLINE, details });
  }

  /**
   * Cancels with a reason: a code from the short list (CANCELLATION_REASONS) and/or free text. Only
   * the booker withdrawing a request the creator has not accepted may give none.
   */
  async cancel(ctx: ServiceContext, input: CancelInput): Promise<Booking> {
    const data = parseInput(CancelSchema, input);
    const viewerId = requireViewer(ctx).id;
    // Checked on the booking as the move reads it (after the state machine allowed the move, before any money moves).
    const validate = (booking: Booking) => {
      const withdrawing = booking.status === BookingStatus.PENDING && booking.booker.id === viewerId;
      if (!data.reasonCode && !data.reason && !withdrawing) {
        throw badInput(`reasonCode is required (one of ${CANCELLATION_REASON_CODES.join(', ')}), or a reason in your words`, 'reasonCode');
      }
    };
    const reason = data.reason ?? (data.reasonCode ? CANCELLATION_REASONS[data.reasonCode] : 'Withdrawn before the creator answered');
    const details: ReasonDetails = { reason, code: data.reasonCode };
    return this.deps.runner.run(ctx, data.bookingId, { action: BookingAction.CANCEL, details, validate });
  }

  confirmCompletion(ctx: ServiceContext, bookingId: string): Promise<Booking> {
    return this.deps.runner.run(ctx, this.id(bookingId), { action: BookingAction.CONFIRM_COMPLETION });
  }

  /**
   * Opens a dispute. A booker reporting a creator no-show (after the start) gets an automatic
   * full refund; the creator's profile is flagged and suspended at the third flag.
   */
  openDispute(ctx: ServiceContext, input: DisputeInput): Promise<Booking> {
    const data = parseInput(DisputeSchema, input);
    const noShow = data.kind === DisputeKind.CREATOR_NO_SHOW;
    const details: DisputeDetails = { reason: data.reason, evidence: data.evidence ?? null };
    return this.deps.runner.run(ctx, data.bookingId, { action: noShow ? BookingAction.REPORT_NO_SHOW : BookingAction.OPEN_DISPUTE, details });
  }


  /** "Confirm Payout": the creator's share goes to their connected account now. */
  requestPayout(ctx: ServiceContext, bookingId: string): Promise<Booking> {
    return this.deps.runner.run(ctx, this.id(bookingId), { action: BookingAction.REQUEST_PAYOUT });
  }

  /** `PATCH /bookings/{id}` with a status: confirmed = accept, cancelled = cancel/decline, completed = confirm completion. */
  changeStatus(ctx: ServiceContext, input: { bookingId: unknown; status: unknown; reason?: unknown; reasonCode?: unknown }): Promise<Booking> {
    const data = parseInput(StatusChangeSchema, input);
    const action = STATUS_ACTIONS[data.status];
    if (!action) throw invalidTransition(`A booking's status can be changed to confirmed, cancelled or completed, not "${data.status}"`);
    if (action === BookingAction.CANCEL) return this.cancel(ctx, { bookingId: data.bookingId, reason: input.reason as string, reasonCode: input.reasonCode as never });
    if (action === BookingAction.CONFIRM_COMPLETION) return this.confirmCompletion(ctx, data.bookingId);
    return this.accept(ctx, data.bookingId);
  }

  /** What cancelling now would do, for the viewer, before they confirm. */
  async cancellationQuote(ctx: LoaderContext, bookingId: string): Promise<CancellationQuote> {
    const booking = await this.get(ctx, bookingId);
    const facts = await this.factsFor(ctx, booking);
    const base = { bookingId: booking.id, refundCents: 0, feeApplies: false, platformFeeCents: 0, creatorKeepsCents: 0 };
    let rule;
    try {
      rule = decide(BookingAction.CANCEL, facts);
    } catch (err) {
      return { ...base, allowed: false, reason: err instanceof Error ? err.message : 'This booking cannot be cancelled' };
    }
    if (rule.effect.kind === 'cancelAuthorization') {
      return { ...base, allowed: true, reason: null, refundCents: booking.paymentStatus === PaymentStatus.HELD ? booking.totalCents : 0 };
    }
    if (rule.effect.kind === 'settle' && rule.effect.refund === 'lateCancel') {
      const refund = lateCancelRefund(booking.totalCents, booking.policy);
      const split = splitRetained(booking.totalCents - refund, booking.policy);
      return { ...base, allowed: true, reason: null, refundCents: refund, feeApplies: true, platformFeeCents: split.feeCents, creatorKeepsCents: split.creatorCents };
    }
    return { ...base, allowed: true, reason: null, refundCents: booking.totalCents };
  }

  /** The cancellation rule a booking starting at `startTime` would get under today's policy (the booking dialog). */
  cancellationTermsFor(startTime: unknown): CancellationTerms {
    const { startTime: start } = parseInput(z.object({ startTime: z.coerce.date({ error: 'startTime must be a date' }) }), { startTime });
    return cancellationTerms({ startTime: start, policy: CURRENT_POLICY });
  }

  /** The cancellation rule of a booking's own policy snapshot. */
  cancellationTermsOf(booking: Booking): CancellationTerms {
    return cancellationTerms(booking);
  }

  /** True when the viewer's cancel, if made now, keeps part of the price (the state machine's late-cancel move). */
  async cancelFeeApplies(ctx: LoaderContext, booking: Booking): Promise<boolean> {
    if (!(await this.viewerRole(ctx, booking))) return false;
    const facts = await this.factsFor(ctx, booking);
    if (!can(BookingAction.CANCEL, facts)) return false;
    const effect = decide(BookingAction.CANCEL, facts).effect;
    return effect.kind === 'settle' && effect.refund === 'lateCancel';
  }

  /** When a paid request lapses unless the creator answers; null when it is not waiting for them. */
  requestDeadlineOf(booking: Booking): Date | null {
    return booking.status === BookingStatus.PENDING ? requestDeadline(booking) : null;
  }

  /**
   * The money figures of bookings as the ledger holds them now, in one statement: the one source every
   * channel reads when it tells an amount (e-mail, bell, conversation line, webhook, receipts).
   * No access check: for features rendering what their own rows already concern.
   */
  moneyOf(em: EntityManager, bookingIds: readonly string[]): Promise<Map<string, MoneyFigures>> {
    return readMoneyFigures(em, bookingIds);
  }

  /** One booking's money figures, batched with the others of the request (a list renders many): one statement per list. */
  moneyFiguresOf(ctx: LoaderContext, bookingId: string): Promise<MoneyFigures | null> {
    return bookingLoaders.money(ctx).load(bookingId);
  }

  /** Where the money went, as the ledger records it: what the card showed after a cancel is what happened. */
  async settlementOf(ctx: LoaderContext, booking: Booking): Promise<Settlement> {
    const { totals } = await bookingLoaders.facts(ctx).load(booking.id);
    return { capturedCents: totals.captured, refundedCents: totals.refunded, platformFeeCents: totals.fee, creatorCents: totals.allocated, paidOutCents: totals.transferred };
  }

  // ---- reading ----

  /** One booking, for its parties and support staff. */
  /**
   * Keeps a confirmed booking from completing on its own (and open to a dispute) until at least `until`: a delivery
   * waiting for the booker's answer is approved by its own window (features/deliveries), never by the completion timer.
   * In the caller's transaction.
   */
  async holdCompletionUntil(em: EntityManager, bookingId: string, until: Date): Promise<void> {
    await em.execute(
      `update bookings set confirmation_deadline = ?, version = version + 1, updated_at = ? where id = ? and status = ? and confirmation_deadline < ?`,
      [until, this.deps.clock.now(), bookingId, BookingStatus.CONFIRMED, until],
    );
  }

  async get(ctx: LoaderContext, bookingId: string): Promise<Booking> {
    const viewer = requireViewer(ctx);
    const id = this.id(bookingId);
    const booking = await ctx.em.findOne(Booking, { id });
    if (!booking) throw notFound('Booking not found');
    if (viewer.role !== 'support' && !(await this.viewerRole(ctx, booking))) throw forbidden('You are not a party to this booking');
    return booking;
  }

  /** The viewer's bookings as booker or creator, newest first (GraphQL `first/after`, REST `page/limit`). */
  async list(
    ctx: LoaderContext,
    args: { status?: unknown; role?: unknown; first?: unknown; after?: unknown; page?: unknown; limit?: unknown; group?: unknown },
  ): Promise<Connection<Booking>> {
    const viewer = requireViewer(ctx);
    const filter = parseInput(ListFilterSchema, { status: args.status, role: args.role, group: args.group });
    if (filter.group) return this.listGroup(ctx, viewer.id, filter.group, filter.role ?? null, args);
    const window = pageWindow(args, 20, (c) => decodeCursor(c, (p) => p.length === 2 && typeof p[0] === 'string' && UUID_RE.test(String(p[1]))));
    const profile = await ctx.em.findOne(Profile, { user: viewer.id }, { fields: ['id'] });
    const sides: object[] = [];
    if (filter.role !== 'creator') sides.push({ booker: viewer.id });
    if (filter.role !== 'booker' && profile) sides.push({ creator: profile.id });
    if (sides.length === 0) return toConnection([], window.size, 0, () => '');
    const where: Record<string, unknown> = { $or: sides, ...(filter.status ? { status: filter.status } : {}) };
    const totalCount = await ctx.em.count(Booking, where);
    const paged = { ...where } as Record<string, unknown>;
    if (window.mode === 'cursor' && window.after) {
      const [createdAt, id] = window.after as [string, string];
      paged.$and = [{ $or: [{ createdAt: { $lt: new Date(createdAt) } }, { createdAt: new Date(createdAt), id: { $lt: id } }] }];
    }
    const rows = await ctx.em.find(Booking, paged, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: window.size + 1,
      offset: window.mode === 'offset' ? window.offset : undefined,
    });
    return toConnection(rows, window.size, totalCount, (b) => encodeCursor([b.createdAt.toISOString(), b.id]));
  }

  /**
   * One group of the Bookings tab in its own order, the next action first (`BookingGroup`); paged
   * by position (the cursor is the offset: a group's order moves with the clock).
   */
  private async listGroup(
    ctx: LoaderContext,
    viewerId: string,
    group: 'upcoming' | 'requests' | 'past' | 'cancelled',
    role: 'booker' | 'creator' | null,
    args: { first?: unknown; after?: unknown; page?: unknown; limit?: unknown },
  ): Promise<Connection<Booking>> {
    const window = pageWindow(args, 20, (c) => decodeCursor(c, (p) => p.length === 2 && p[0] === 'o' && Number.isInteger(p[1]) && Number(p[1]) >= 0));
    const offset = window.mode === 'offset' ? window.offset : window.after ? Number(window.after[1]) : 0;
    const profile = await ctx.em.findOne(Profile, { user: viewerId }, { fields: ['id'] });
    const sides: string[] = [];
    const params: unknown[] = [];
    if (role !== 'creator') {
      sides.push('b.booker_id = ?');
      params.push(viewerId);
    }
    if (role !== 'booker' && profile) {
      sides.push('b.streamer_id = ?');
      params.push(profile.id);
    }
    if (sides.length === 0) return toConnection([], window.size, 0, () => '');
    const now = this.deps.clock.now();
    const mine = profile ? profile.id : '00000000-0000-0000-0000-000000000000';
    const GROUPS = {
      upcoming: { where: `b.status = 'confirmed' and b.end_time > ?`, params: [now], order: 'b.start_time asc' },
      requests: {
        where: `b.status = 'pending'`,
        params: [],
        // The creator answers a held request; the booker finishes paying an unpaid one.
        order: `case when b.streamer_id = ? and b.payment_status = 'held' then 0 when b.booker_id = ? and b.payment_status = 'unpaid' then 1 else 2 end, b.start_time asc`,
        orderParams: [mine, viewerId],
      },
      past: {
        where: `(b.status in ('completed', 'auto_completed', 'disputed') or (b.status = 'confirmed' and b.end_time <= ?))`,
        params: [now],
        order: `case when b.status in ('confirmed', 'disputed') then 0 else 1 end, b.start_time desc`,
      },
      cancelled: { where: `b.status = 'cancelled'`, params: [], order: 'coalesce(b.cancelled_at, b.updated_at) desc' },
    } as const;
    const g: { where: string; params: readonly unknown[]; order: string; orderParams?: readonly unknown[] } = GROUPS[group];
    const where = `(${sides.join(' or ')}) and ${g.where}`;
    const [{ count }] = await ctx.em.execute<{ count: number }[]>(`select count(*)::int as count from bookings b where ${where}`, [...params, ...g.params]);
    const ids = await ctx.em.execute<{ id: string }[]>(
      `select b.id from bookings b where ${where} order by ${g.order}, b.id limit ? offset ?`,
      [...params, ...g.params, ...(g.orderParams ?? []), window.size + 1, offset],
    );
    const found = ids.length ? await ctx.em.find(Booking, { id: { $in: ids.map((r) => r.id) } }) : [];
    const byId = new Map(found.map((b) => [b.id, b]));
    const rows = ids.map((r) => byId.get(r.id)).filter((b): b is Booking => Boolean(b));
    let position = offset;
    const cursors = new Map(rows.map((b) => [b.id, ++position]));
    return toConnection(rows, window.size, count, (b) => encodeCursor(['o', cursors.get(b.id)!]));
  }

  /**
   * The Bookings tab's group a booking is in now: the same rules as `listGroup`'s (a request while
   * pending, upcoming while accepted and not over, past once over, completed or disputed, cancelled).
   */
  groupOf(booking: Pick<Booking, 'status' | 'endTime'>): 'upcoming' | 'requests' | 'past' | 'cancelled' {
    switch (booking.status) {
      case BookingStatus.PENDING:
        return 'requests';
      case BookingStatus.CANCELLED:
        return 'cancelled';
      case BookingStatus.CONFIRMED:
        return booking.endTime.getTime() > this.deps.clock.now().getTime() ? 'upcoming' : 'past';
      default:
        return 'past';
    }
  }

  /** The dashboard's Overview tab in one call. */
  overview(ctx: ServiceContext): Promise<Overview> {
    const viewer = requireViewer(ctx);
    return loadOverview(ctx.em, viewer.id, this.deps.clock.now());
  }

  /** Creator, parties, dispute and the viewer's moves of each booking (batched). */
  views(ctx: LoaderContext, bookings: Booking[]): Promise<BookingView[]> {
    return Promise.all(bookings.map((b) => this.view(ctx, b)));
  }

  /** The booking's applied moves, oldest first (its parties and support staff only). */
  /** Ledger lines in [from, to) of the bookings `userId` booked or sells (all when absent), oldest first: exports and statements. */
  ledgerLines(em: EntityManager, q: { from?: Date | null; to?: Date | null; userId?: string | null }): Promise<LedgerLine[]> {
    return readLedgerLines(em, q);
  }

  async history(ctx: LoaderContext, bookingId: string): Promise<BookingHistoryEntry[]> {
    return this.historyOf(ctx, await this.get(ctx, bookingId));
  }

  /** The applied moves of a booking the viewer may already read. */
  historyOf(ctx: LoaderContext, booking: Booking): Promise<BookingHistoryEntry[]> {
    return bookingLoaders.history(ctx).load(booking.id);
  }

  async view(ctx: LoaderContext, booking: Booking): Promise<BookingView> {
    const [creator, booker, dispute] = await Promise.all([this.creatorOf(ctx, booking), this.bookerOf(ctx, booking), this.disputeOf(ctx, booking)]);
    return {
      booking,
      creator,
      booker,
      dispute,
      viewerRole: await this.viewerRole(ctx, booking),
      availableActions: await this.availableActions(ctx, booking),
      paymentIntentId: await this.paymentIntentIdFor(ctx, booking),
      settlement: await this.settlementOf(ctx, booking),
      lineItems: await this.lineItemsOf(ctx, booking),
    };
  }

  /** The booking's line items, in order (batched per request). */
  lineItemsOf(ctx: LoaderContext, booking: Booking): Promise<LineItem[]> {
    return bookingLoaders.lineItems(ctx).load(booking.id);
  }

  /** The one rule for the payment intent: only the booker sees it (to finish paying); the creator and support never do. */
  async paymentIntentIdFor(ctx: LoaderContext, booking: Booking): Promise<string | null> {
    return (await this.viewerRole(ctx, booking)) === 'booker' ? (booking.paymentIntentId ?? null) : null;
  }

  async creatorOf(ctx: LoaderContext, booking: Booking): Promise<Profile> {
    const creator = await bookingLoaders.profile(ctx).load(booking.creator.id);
    if (!creator) throw notFound('Creator not found');
    return creator;
  }

  async bookerOf(ctx: LoaderContext, booking: Booking): Promise<BookerView> {
    const [user, profile] = await Promise.all([
      bookingLoaders.user(ctx).load(booking.booker.id),
      bookingLoaders.profileOfUser(ctx).load(booking.booker.id),
    ]);
    if (!user) throw notFound('Booker not found');
    return { id: user.id, name: displayNameOf(user, profile), email: user.email };
  }

  /**
   * The booker's brand profile as the card shows it (read with the card: no statement of its own),
   * or null when the booker is not a brand or the brand is suspended.
   */
  async bookerBrandOf(ctx: LoaderContext, booking: Booking): Promise<BookerBrand | null> {
    const [user, profile] = await Promise.all([
      bookingLoaders.user(ctx).load(booking.booker.id),
      bookingLoaders.profileOfUser(ctx).load(booking.booker.id),
    ]);
    if (!user || !profile || profile.accountType !== AccountType.BRAND || profile.suspendedAt || user.suspendedAt) return null;
    return {
      id: profile.id,
      userId: user.id,
      displayName: profile.displayName,
      bio: profile.bio ?? null,
      profileImageUrl: profile.profileImageUrl ?? null,
      photo: profile.photo ?? null,
      averageRating: Number(profile.averageRating),
      reviewCount: profile.reviewCount,
      createdAt: profile.createdAt,
    };
  }

  /** How many bookings a user completed as the booker (completed or auto-completed), batched per request. */
  completedAsBooker(ctx: LoaderContext, userId: string): Promise<number> {
    return bookingLoaders.completedAsBooker(ctx).load(userId);
  }

  async disputeOf(ctx: LoaderContext, booking: Booking): Promise<BookingDisputeView | null> {
    const d = (await bookingLoaders.facts(ctx).load(booking.id)).dispute;
    return d ? disputeView(d, booking) : null;
  }

  /** Both sides of a dispute's booking (the viewer may read the booking: a party or support). */
  async disputePartiesOf(ctx: LoaderContext, bookingId: string): Promise<DisputePartiesView> {
    const booking = await this.get(ctx, bookingId);
    const [booker, creator] = await Promise.all([this.bookerOf(ctx, booking), this.creatorOf(ctx, booking)]);
    const creatorUser = await bookingLoaders.user(ctx).load(creator.user.id);
    return {
      bookerId: booker.id,
      bookerName: booker.name,
      bookerEmail: booker.email,
      creatorUserId: creator.user.id,
      creatorName: creator.displayName,
      creatorEmail: () => {
        if (ctx.viewer?.role !== 'support') throw forbidden("Only support staff see the creator's e-mail");
        return creatorUser?.email ?? '';
      },
    };
  }

  async viewerRole(ctx: LoaderContext, booking: Booking): Promise<ViewerRole | null> {
    return ctx.viewer ? partyRole(ctx.viewer.id, booking, await this.creatorOf(ctx, booking)) : null;
  }

  /** The moves the viewer may make now, straight from the state machine (the client never re-implements rules). */
  async availableActions(ctx: LoaderContext, booking: Booking): Promise<BookingAction[]> {
    const role = await this.viewerRole(ctx, booking);
    return role ? availableActions(await this.factsFor(ctx, booking)) : [];
  }

  /** The live feed of the viewer's bookings: every change of a booking they are a party to. */
  bookingUpdates(ctx: LoaderContext): AsyncIterableIterator<Booking> {
    const viewer = requireViewer(ctx);
    const events = eventStream(this.partyUpdates(viewer.id));
    return mapStream(events, async (event) => {
      // Both parties' deliveries of this event read the booking (and their cards' fields) once.
      joinEventReads(ctx, event);
      // Re-checked against the database per subscriber: the event says who to tell, the row says who may see it.
      const booking = await bookingLoaders.booking(ctx).load(event.bookingId);
      if (!booking) return null;
      const creator = await bookingLoaders.profile(ctx).load(booking.creator.id);
      return creator && partyRole(viewer.id, booking, creator) ? booking : null;
    });
  }

  /** Public: a creator's free hours changed (slots added, removed, held, booked or freed). */
  slotChanges(_ctx: ServiceContext, creatorId: unknown): AsyncIterableIterator<{ creatorId: string }> {
    const { creatorId: id } = parseInput(z.object({ creatorId: z.uuid({ error: 'creatorId must be a valid id' }) }), { creatorId });
    return eventStream(this.slotChangesOf(id));
  }

  private async factsFor(ctx: LoaderContext, booking: Booking): Promise<TransitionFacts> {
    const creator = await this.creatorOf(ctx, booking);
    const role = ctx.viewer ? partyRole(ctx.viewer.id, booking, creator) : null;
    if (!role) throw forbidden('You are not a party to this booking');
    const facts = await bookingLoaders.facts(ctx).load(booking.id);
    return transitionFacts({ booking, creator, actor: role, now: this.deps.clock.now(), facts, actingUserId: ctx.viewer!.id });
  }

  private id(bookingId: unknown): string {
    return parseInput(BookingIdSchema, { bookingId }).bookingId;
  }
}

/** A cancellation's or decline's own data. */

/** A dispute's opening statement. */

/**
 * The dispute row of an opened dispute. A creator no-show reported by the booker is decided at
 * once (full refund) and flags the creator's profile, which is suspended at the third flag.
 */
