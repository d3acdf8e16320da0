import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../platform/db/orm';
import type { Outbox } from '../../platform/outbox/outbox';
import type { OfferEventPayload, OutboxTopic } from '../../platform/outbox/outbox.topics';
import type { Clock } from '../../platform/shared/clock';
import { requirePerson, type ServiceContext, type Viewer } from '../../platform/shared/context';
import { badInput, conflict, forbidden, notFound } from '../../platform/shared/errors';
import { formatMoney } from '../../platform/shared/money';
import { UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import type { Booking, BookingOrder, CheckoutResult, LineItem } from '../bookings';
import type { ConversationPair } from '../conversations';
import { publicNameSql } from '../users';
import { Offer, type OfferItem, type OfferStatus } from './offer.entity';
import { OFFER_LIMITS, OfferTermsSchema, type OfferTerms } from './offers.inputs';

export const OFFER_MESSAGES = {
  notFound: 'Offer not found',
  notYours: 'Only the person this offer was sent to can answer it',
  onlySender: 'Only the person who sent this offer can withdraw it',
  senderAccepts: 'You sent this offer: the creator accepts it',
  notPending: (status: OfferStatus) => `This offer is no longer open (it was ${status})`,
  expired: 'This offer has expired',
  alreadyPaid: 'This offer is already paid',
  startPast: 'start_time must be in the future',
  duePast: 'due_at must be in the future',
  expiryPast: 'expires_at must be in the future',
  expiryTooLate: `expires_at must be within ${OFFER_LIMITS.maxExpiryDays} days`,
  expiryAfterStart: 'expires_at must be before start_time (the offer cannot stay open once its time has begun)',
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type OfferAction = 'accept' | 'decline' | 'counter' | 'withdraw' | 'pay';

export interface OfferItemView extends OfferItem {
  totalCents: number;
}

/** An offer as one of its two parties sees it. */
export interface OfferView {
  id: string;
  conversationId: string;
  rootId: string;
  version: number;
  status: OfferStatus;
  senderUserId: string;
  /** Who sent it: the creator or the client (brand). */
  senderRole: 'creator' | 'client';
  recipientUserId: string;
  items: OfferItemView[];
  totalCents: number;
  startTime: Date | null;
  endTime: Date | null;
  dueAt: Date | null;
  expiresAt: Date;
  revisionsIncluded: number;
  note: string | null;
  bookingId: string | null;
  respondedAt: Date | null;
  createdAt: Date;
  /** What the viewer may do now: accept, decline, counter (its recipient, while open), withdraw (its sender), pay (the brand, once accepted and not paid). */
  availableActions: OfferAction[];
}

/** What accepting answers: the offer, and for the brand the checkout (like create-payment). */
export interface AcceptOfferResult {
  offer: OfferView;
  checkout: CheckoutResult | null;
}

/** The conversations feature as offers use it: the pair of a thread and the card's line. */
export interface OfferThreadPort {
  pairOf(em: EntityManager, viewer: Viewer, conversationId: unknown): Promise<ConversationPair>;
  postOfferLine(em: EntityManager, conversationId: string, viewer: Viewer, offerId: string, text: string): Promise<string>;
}

/** The booking process as offers use it: the one checkout, and the booking of an earlier attempt. */
export interface OfferBookingPort {
  checkoutOrder(ctx: ServiceContext, order: BookingOrder): Promise<CheckoutResult>;
  get(ctx: ServiceContext, bookingId: string): Promise<Booking>;
}

/**
 * Custom offers in a conversation (issue 33 item 2). Either side sends one; its recipient accepts,
 * declines or counters (a new version; the previous one becomes `countered`); its sender may
 * withdraw it while open; unanswered, it expires (a sweep). Every move is one conditional change
 * of a `pending` row under its row lock, so exactly one of racing moves wins. The brand's accept
 * (or, once the creator accepted the brand's offer, the brand's pay) holds the booking through the
 * one checkout, with the offer's lines; the booking is accepted as soon as the money is held.
 */
export class OffersService {
  constructor(
    private readonly deps: {
      clock: Clock;
      orm: Orm;
      outbox: Outbox;
      threads: OfferThreadPort;
      bookings: OfferBookingPort;
    },
  ) {}

  // ---- reads ----

  async get(ctx: ServiceContext, offerId: unknown): Promise<OfferView> {
    const viewer = requirePerson(ctx);
    const offer = await this.visible(ctx.em, viewer, offerId);
    return this.view(offer, viewer.id);
  }

  /** Offers of a conversation, oldest first (members only: 404 otherwise). */
  async ofConversation(ctx: ServiceContext, conversationId: unknown): Promise<OfferView[]> {
    const viewer = requirePerson(ctx);
    const pair = await this.deps.threads.pairOf(ctx.em, viewer, conversationId);
    const offers = await ctx.em.find(Offer, { conversationId: pair.conversationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return offers.map((o) => this.view(o, viewer.id));
  }

  /** Offers by id for a viewer (the thread's cards); ones the viewer may not see are null. */
  async byIds(ctx: ServiceContext, ids: readonly string[]): Promise<(OfferView | null)[]> {
    const viewer = ctx.viewer;
    if (!viewer) return ids.map(() => null);
    const offers = await ctx.em.find(Offer, { id: [...ids] });
    const byId = new Map(offers.map((o) => [o.id, o]));
    return ids.map((id) => {
      const o = byId.get(id);
      return o && (o.senderUserId === viewer.id || o.recipientUserId === viewer.id) ? this.view(o, viewer.id) : null;
    });
  }

  // ---- moves ----

  async send(ctx: ServiceContext, conversationId: unknown, input: unknown): Promise<OfferView> {
    const viewer = requirePerson(ctx);
    const terms = parseInput(OfferTermsSchema, input);
    const now = this.deps.clock.now();
    const expiresAt = this.checkTimes(terms, now);
    const offer = await ctx.em.transactional(async (em) => {
      const pair = await this.deps.threads.pairOf(em, viewer, conversationId);
      const made = await this.insert(em, pair, viewer, terms, expiresAt, now, null);
      await this.publish(em, 'offer.sent', made, viewer.id, [made.recipientUserId], null);
      return made;
    });
    return this.view(offer, viewer.id);
  }

  /** The recipient answers with new terms: a new version in the same thread; the previous one becomes `countered`. */
  async counter(ctx: ServiceContext, offerId: unknown, input: unknown): Promise<OfferView> {
    const viewer = requirePerson(ctx);
    const terms = parseInput(OfferTermsSchema, input);
    const now = this.deps.clock.now();
    const expiresAt = this.checkTimes(terms, now);
    const made = await ctx.em.transactional(async (em) => {
      const previous = await this.lockOpen(em, viewer, offerId, 'recipient', now);
      previous.status = 'countered';
      previous.respondedAt = now;
      previous.updatedAt = now;
      const pair = await this.deps.threads.pairOf(em, viewer, previous.conversationId);
      const next = await this.insert(em, pair, viewer, terms, expiresAt, now, previous);
      await this.publish(em, 'offer.countered', next, viewer.id, [next.recipientUserId], previous.id);
      return next;
    });
    return this.view(made, viewer.id);
  }

  async decline(ctx: ServiceContext, offerId: unknown): Promise<OfferView> {
    return this.close(ctx, offerId, 'recipient', 'declined', 'offer.declined');
  }

  async withdraw(ctx: ServiceContext, offerId: unknown): Promise<OfferView> {
    return this.close(ctx, offerId, 'sender', 'withdrawn', 'offer.withdrawn');
  }

  /**
   * The recipient accepts. The brand's accept is its checkout: the booking (the offer's lines, its
   * time or due date) is held and the payment opened, in the same transaction as the acceptance.
   * The creator's accept of the brand's offer leaves the payment to the brand (`pay`: accept again).
   */
  async accept(ctx: ServiceContext, offerId: unknown): Promise<AcceptOfferResult> {
    const viewer = requirePerson(ctx);
    const offer = await this.visible(ctx.em, viewer, offerId);
    if (viewer.id === offer.clientUserId) {
      if (offer.status === 'pending' && offer.recipientUserId !== viewer.id) throw forbidden(OFFER_MESSAGES.senderAccepts);
      return this.pay(ctx, viewer, offer);
    }
    const now = this.deps.clock.now();
    const accepted = await ctx.em.transactional(async (em) => {
      const locked = await this.lockOpen(em, viewer, offer.id, 'recipient', now);
      locked.status = 'accepted';
      locked.respondedAt = now;
      locked.updatedAt = now;
      await em.flush();
      await this.publish(em, 'offer.accepted', locked, viewer.id, [locked.senderUserId], null);
      return locked;
    });
    return { offer: this.view(accepted, viewer.id), checkout: null };
  }

  /**
   * The expiry sweep (a job, like a request's): every open offer past its expiry becomes `expired`,
   * skipping rows another move holds (that move decides; the next run sees the outcome).
   */
  async expireDue(now: Date): Promise<number> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const rows = await em.execute<Record<string, unknown>[]>(
        `update offers set status = 'expired', responded_at = ?, updated_at = ?
         where id in (select id from offers where status = 'pending' and expires_at <= ? order by expires_at limit 200 for update skip locked)
           and status = 'pending'
         returning *`,
        [now, now, now],
      );
      for (const row of rows) {
        const offer = em.map(Offer, row);
        await this.publish(em, 'offer.expired', offer, null, [offer.senderUserId, offer.recipientUserId], null);
      }
      return rows.length;
    });
  }

  // ---- internals ----

  private async pay(ctx: ServiceContext, viewer: Viewer, offer: Offer): Promise<AcceptOfferResult> {
    const now = this.deps.clock.now();
    if (offer.status !== 'pending' && offer.status !== 'accepted') throw conflict(OFFER_MESSAGES.notPending(offer.status));
    if (offer.status === 'pending' && offer.expiresAt.getTime() <= now.getTime()) throw conflict(OFFER_MESSAGES.expired);
    // An earlier checkout of this offer: resumed while unpaid; a new one once it lapsed.
    let key = `offer:${offer.id}`;
    let lapsed: string | null = null;
    if (offer.bookingId) {
      const earlier = await this.deps.bookings.get(ctx, offer.bookingId);
      if (earlier.status === 'cancelled') {
        lapsed = earlier.id;
        key = `offer:${offer.id}:${now.getTime()}`;
      } else if (earlier.paymentStatus !== 'unpaid') {
        throw conflict(OFFER_MESSAGES.alreadyPaid);
      } else {
        key = earlier.idempotencyKey ?? key;
      }
    }
    const lines: LineItem[] = offer.items.map((i) => ({ label: i.label, quantity: i.quantity, unitPriceCents: i.unitPriceCents, kind: 'custom' }));
    const checkout = await this.deps.bookings.checkoutOrder(ctx, {
      creatorId: offer.creatorProfileId,
      startTime: offer.startTime,
      endTime: offer.endTime,
      dueAt: offer.startTime ? null : offer.dueAt,
      lines,
      offerId: offer.id,
      revisionsIncluded: offer.revisionsIncluded,
      bookingDetails: offer.note,
      idempotencyKey: key,
      // In the hold's transaction: the acceptance, decided under the offer's row lock.
      onHeld: async (em, booking) => {
        const [row] = await em.execute<{ status: OfferStatus; recipient_user_id: string; expires_at: Date; booking_id: string | null }[]>(
          'select status, recipient_user_id, expires_at, booking_id from offers where id = ? for update',
          [offer.id],
        );
        const fromOpen = row.status === 'pending' && row.recipient_user_id === viewer.id && new Date(row.expires_at).getTime() > now.getTime();
        const again = row.status === 'accepted' && (row.booking_id === null || row.booking_id === lapsed);
        if (!fromOpen && !again) throw conflict(row.status === 'pending' ? OFFER_MESSAGES.expired : OFFER_MESSAGES.notPending(row.status));
        await em.execute(`update offers set status = 'accepted', booking_id = ?, responded_at = coalesce(responded_at, ?), updated_at = ? where id = ?`, [booking.id, now, now, offer.id]);
        const fresh = em.map(Offer, (await em.execute<Record<string, unknown>[]>('select * from offers where id = ?', [offer.id]))[0]);
        if (fromOpen) await this.publish(em, 'offer.accepted', fresh, viewer.id, [fresh.senderUserId], null);
      },
    });
    const fresh = await ctx.em.fork().findOneOrFail(Offer, { id: offer.id });
    return { offer: this.view(fresh, viewer.id), checkout };
  }

  /** Declines or withdraws an open offer under its row lock. */
  private async close(ctx: ServiceContext, offerId: unknown, who: 'sender' | 'recipient', status: OfferStatus, topic: OutboxTopic & `offer.${string}`): Promise<OfferView> {
    const viewer = requirePerson(ctx);
    const now = this.deps.clock.now();
    const closed = await ctx.em.transactional(async (em) => {
      const offer = await this.lockOpen(em, viewer, offerId, who, now);
      offer.status = status;
      offer.respondedAt = now;
      offer.updatedAt = now;
      await em.flush();
      await this.publish(em, topic, offer, viewer.id, [who === 'sender' ? offer.recipientUserId : offer.senderUserId], null);
      return offer;
    });
    return this.view(closed, viewer.id);
  }

  /** The offer locked for a move by `who`: 404 unless a party, refused unless still open. */
  private async lockOpen(em: EntityManager, viewer: Viewer, offerId: unknown, who: 'sender' | 'recipient', now: Date): Promise<Offer> {
    await this.visible(em, viewer, offerId);
    await em.execute('select id from offers where id = ? for update', [offerId]);
    const offer = await em.findOneOrFail(Offer, { id: offerId as string }, { refresh: true });
    if (who === 'recipient' && offer.recipientUserId !== viewer.id) throw forbidden(OFFER_MESSAGES.notYours);
    if (who === 'sender' && offer.senderUserId !== viewer.id) throw forbidden(OFFER_MESSAGES.onlySender);
    if (offer.status !== 'pending') throw conflict(OFFER_MESSAGES.notPending(offer.status));
    if (offer.expiresAt.getTime() <= now.getTime()) throw conflict(OFFER_MESSAGES.expired);
    return offer;
  }

  /** The offer, for one of its two parties (everyone else: 404). */
  private async visible(em: EntityManager, viewer: Viewer, offerId: unknown): Promise<Offer> {
    if (typeof offerId !== 'string' || !UUID_RE.test(offerId)) throw notFound(OFFER_MESSAGES.notFound);
    const offer = await em.findOne(Offer, { id: offerId }, { refresh: true });
    if (!offer || (offer.senderUserId !== viewer.id && offer.recipientUserId !== viewer.id)) throw notFound(OFFER_MESSAGES.notFound);
    return offer;
  }

  /** Rules that need the clock; answers the expiry (default 72 h, never after the start). */
  private checkTimes(terms: OfferTerms, now: Date): Date {
    if (terms.startTime && terms.startTime.getTime() <= now.getTime()) throw badInput(OFFER_MESSAGES.startPast, 'start_time');
    if (!terms.startTime && terms.dueAt && terms.dueAt.getTime() <= now.getTime()) throw badInput(OFFER_MESSAGES.duePast, 'due_at');
    if (terms.expiresAt) {
      if (terms.expiresAt.getTime() <= now.getTime()) throw badInput(OFFER_MESSAGES.expiryPast, 'expires_at');
      if (terms.expiresAt.getTime() > now.getTime() + OFFER_LIMITS.maxExpiryDays * DAY_MS) throw badInput(OFFER_MESSAGES.expiryTooLate, 'expires_at');
      if (terms.startTime && terms.expiresAt.getTime() > terms.startTime.getTime()) throw badInput(OFFER_MESSAGES.expiryAfterStart, 'expires_at');
      return terms.expiresAt;
    }
    const byDefault = now.getTime() + OFFER_LIMITS.defaultExpiryHours * HOUR_MS;
    return new Date(terms.startTime ? Math.min(byDefault, terms.startTime.getTime()) : byDefault);
  }

  private async insert(em: EntityManager, pair: ConversationPair, viewer: Viewer, terms: OfferTerms, expiresAt: Date, now: Date, previous: Offer | null): Promise<Offer> {
    const items: OfferItem[] = terms.items.map((i) => ({ label: i.label, quantity: i.quantity, unitPriceCents: i.unitPriceCents }));
    const totalCents = items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
    const offer = em.create(Offer, {
      conversationId: pair.conversationId,
      rootId: '',
      version: previous ? previous.version + 1 : 1,
      senderUserId: viewer.id,
      recipientUserId: pair.role === 'creator' ? pair.clientUserId : pair.creatorUserId,
      creatorProfileId: pair.creatorProfileId,
      clientUserId: pair.clientUserId,
      status: 'pending',
      items,
      totalCents,
      startTime: terms.startTime,
      endTime: terms.endTime,
      dueAt: terms.startTime ? null : terms.dueAt,
      revisionsIncluded: terms.revisionsIncluded,
      note: terms.note,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    offer.rootId = previous ? previous.rootId : offer.id;
    await em.flush();
    const word = previous ? 'Counter-offer' : 'Offer';
    offer.messageId = await this.deps.threads.postOfferLine(em, pair.conversationId, viewer, offer.id, `${word}: ${formatMoney(totalCents)}`);
    await em.flush();
    return offer;
  }

  private async publish(em: EntityManager, topic: OutboxTopic & `offer.${string}`, offer: Offer, actorUserId: string | null, audience: string[], previousOfferId: string | null): Promise<void> {
    const names = await namesOf(em, [offer.senderUserId, offer.recipientUserId]);
    const creatorUserId = offer.clientUserId === offer.senderUserId ? offer.recipientUserId : offer.senderUserId;
    const payload: OfferEventPayload = {
      offerId: offer.id,
      conversationId: offer.conversationId,
      messageId: offer.messageId ?? '',
      rootId: offer.rootId,
      version: offer.version,
      status: offer.status,
      senderUserId: offer.senderUserId,
      senderName: names.get(offer.senderUserId) ?? 'Someone',
      recipientUserId: offer.recipientUserId,
      recipientName: names.get(offer.recipientUserId) ?? 'Someone',
      creatorUserId,
      clientUserId: offer.clientUserId,
      totalCents: offer.totalCents,
      items: offer.items.map((i) => ({ label: i.label, quantity: i.quantity, unitPriceCents: i.unitPriceCents })),
      startTime: offer.startTime?.toISOString() ?? null,
      endTime: offer.endTime?.toISOString() ?? null,
      dueAt: offer.dueAt?.toISOString() ?? null,
      expiresAt: offer.expiresAt.toISOString(),
      bookingId: offer.bookingId,
      previousOfferId,
    };
    await this.deps.outbox.publish(em, { topic, aggregateId: offer.conversationId, actorUserId, audienceUserIds: audience, payload } as Parameters<Outbox['publish']>[1]);
  }

  view(o: Offer, viewerId: string): OfferView {
    const now = this.deps.clock.now().getTime();
    const open = o.status === 'pending' && o.expiresAt.getTime() > now;
    const actions: OfferAction[] = [];
    if (open && o.recipientUserId === viewerId) actions.push('accept', 'decline', 'counter');
    if (open && o.senderUserId === viewerId) actions.push('withdraw');
    if (o.status === 'accepted' && o.clientUserId === viewerId && !o.bookingId) actions.push('pay');
    return {
      id: o.id,
      conversationId: o.conversationId,
      rootId: o.rootId,
      version: o.version,
      status: o.status,
      senderUserId: o.senderUserId,
      senderRole: o.senderUserId === o.clientUserId ? 'client' : 'creator',
      recipientUserId: o.recipientUserId,
      items: o.items.map((i) => ({ ...i, totalCents: i.quantity * i.unitPriceCents })),
      totalCents: o.totalCents,
      startTime: o.startTime,
      endTime: o.endTime,
      dueAt: o.dueAt,
      expiresAt: o.expiresAt,
      revisionsIncluded: o.revisionsIncluded,
      note: o.note,
      bookingId: o.bookingId,
      respondedAt: o.respondedAt,
      createdAt: o.createdAt,
      availableActions: actions,
    };
  }
}

async function namesOf(em: EntityManager, userIds: string[]): Promise<Map<string, string>> {
  const rows = await em.execute<{ id: string; name: string }[]>(
    `select u.id, ${publicNameSql('u', 'p')} as name from users u left join profiles p on p.user_id = u.id where u.id = any(?::uuid[])`,
    [`{${userIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

