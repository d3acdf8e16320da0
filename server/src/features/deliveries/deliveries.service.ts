import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../platform/db/orm';
import { systemContext } from '../../platform/jobs/system-context';
import type { Outbox } from '../../platform/outbox/outbox';
import type { BriefEventPayload, DeliveryEventPayload } from '../../platform/outbox/outbox.topics';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { conflict, DomainError, forbidden, invalidTransition, notFound } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { perRequestLoader, type LoaderCache } from '../../platform/shared/loaders';
import { UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { Booking, BookingAction, BookingStatus, partyRole, partyUserIds, type AppliedMove, type BookingsService, type TransitionRunner } from '../bookings';
import type { FilesService, FileView } from '../files';
import type { Profile } from '../profiles';
import { publicNameSql } from '../users';
import { BriefSchema, ChangeRequestSchema, DeliverySchema } from './deliveries.inputs';

export const DELIVERY_MESSAGES = {
  bookingNotFound: 'Booking not found',
  deliveryNotFound: 'Delivery not found',
  briefOnlyBooker: 'Only the brand that booked can write the brief',
  briefOnlyCreator: 'Only the creator can confirm the brief',
  briefNotYet: 'The brief can be written once the creator has accepted the booking',
  noBrief: 'There is no brief to confirm yet',
  briefConfirmed: 'You have already confirmed this version of the brief',
  briefChanged: (latest: number) => `The brief changed: read version ${latest} and confirm that one`,
  deliverOnlyCreator: 'Only the creator can submit a delivery',
  deliverNotYet: 'A delivery can be submitted while the booking is confirmed',
  deliveryOpen: "Your last delivery is waiting for the brand's answer",
  answerOnlyBooker: 'Only the brand that booked can approve a delivery or ask for changes',
  notWaiting: 'This delivery is not waiting for an answer',
  windowClosed: 'The approval window has ended: the delivery is approved',
  noRevisionsLeft: (n: number) =>
    `You have used the ${n === 1 ? 'revision' : `${n} revisions`} included: approve the delivery, or open a dispute if it is not what was agreed`,
} as const;

export type DeliveryStatus = 'submitted' | 'changes_requested' | 'approved' | 'closed';

export interface BriefView {
  id: string;
  bookingId: string;
  version: number;
  talkingPoints: string;
  links: string[];
  dos: string | null;
  donts: string | null;
  disclosureRequired: boolean;
  fileIds: string[];
  submittedAt: Date;
  confirmedAt: Date | null;
  /** The newest version the creator confirmed (an earlier one when the brief changed since); null: none yet. */
  confirmedVersion: number | null;
}

export interface DeliveryView {
  id: string;
  bookingId: string;
  number: number;
  links: string[];
  note: string | null;
  fileIds: string[];
  submittedAt: Date;
  approvalDueAt: Date;
  status: DeliveryStatus;
  responseNote: string | null;
  respondedAt: Date | null;
  /** booker or system (the window lapsed), for an approval; booker for a change request. */
  respondedBy: 'booker' | 'system' | null;
}

/** A booking's terms for deliveries: how many change requests the booker has, and the approval window. */
export interface DeliveryTerms {
  revisionsIncluded: number;
  revisionsUsed: number;
  revisionsLeft: number;
  approvalWindowHours: number;
}

export interface DeliveriesConfig {
  approvalWindowHours: number;
  defaultRevisions: number;
}

type LoaderContext = ServiceContext & { loaders: LoaderCache };
type Row = Record<string, any>;

const HOUR_MS = 3_600_000;
const BATCH = 200;
/**
 * The booking's own completion deadline is kept this long after a delivery's window: the approval
 * (the sweep's, or the booker's) completes it first, with the delivery on the record.
 */
const COMPLETION_GRACE_MS = HOUR_MS;

const briefView = (r: Row): BriefView => ({
  id: r.id,
  bookingId: r.booking_id,
  version: r.version,
  talkingPoints: r.talking_points,
  links: r.links ?? [],
  dos: r.dos,
  donts: r.donts,
  disclosureRequired: r.disclosure_required,
  fileIds: r.file_ids ?? [],
  submittedAt: new Date(r.submitted_at),
  confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
  confirmedVersion: r.confirmed_version ?? null,
});

const deliveryView = (r: Row): DeliveryView => ({
  id: r.id,
  bookingId: r.booking_id,
  number: r.number,
  links: r.links ?? [],
  note: r.note,
  fileIds: r.file_ids ?? [],
  submittedAt: new Date(r.submitted_at),
  approvalDueAt: new Date(r.approval_due_at),
  status: r.status,
  responseNote: r.response_note,
  respondedAt: r.responded_at ? new Date(r.responded_at) : null,
  respondedBy: r.responded_by,
});

/** The newest version of each booking's brief, with the newest version its creator confirmed. */
const LATEST_BRIEFS = `select b.*, (select max(c.version) from booking_briefs c where c.booking_id = b.booking_id and c.confirmed_at is not null) as confirmed_version
  from booking_briefs b
  where b.booking_id = any(array[?]::uuid[])
    and b.version = (select max(v.version) from booking_briefs v where v.booking_id = b.booking_id)`;

/**
 * A booking's brief and what was delivered (issue 33 items 3 and 4). The booker writes the brief
 * after the creator accepted (each change is a new version the creator confirms again); the creator
 * submits deliveries; the booker approves one, or asks for changes up to the revisions included,
 * within the approval window; silence approves it when the window ends (`approveDue`, a sweep).
 * Approving completes the booking and allocates the creator's share through the booking process's
 * own move (APPROVE_DELIVERY), so the payout follows the one existing path. Only the two parties
 * (and support staff) see any of it; anyone else is told the booking does not exist.
 */
export class DeliveriesService {
  constructor(
    private readonly deps: {
      clock: Clock;
      events: EventBus;
      outbox: Outbox;
      orm: Orm;
      logger: Logger;
      config: DeliveriesConfig;
      runner: () => TransitionRunner;
      bookings: () => BookingsService;
      files: () => FilesService;
    },
  ) {}

  // ---- reads -------------------------------------------------------------------------------

  /** The booking's brief (newest version), batched per request; null when none was written. */
  briefOf(ctx: LoaderContext, bookingId: string): Promise<BriefView | null> {
    return perRequestLoader<string, BriefView | null>(ctx, 'deliveries.brief', async (ids) => {
      const rows: Row[] = await ctx.em.execute(LATEST_BRIEFS, [ids]);
      const by = new Map(rows.map((r) => [r.booking_id, briefView(r)]));
      return ids.map((id) => by.get(id) ?? null);
    }).load(bookingId);
  }

  /** Every version of the brief, oldest first (what was agreed, on the record). */
  async briefVersions(ctx: ServiceContext, bookingId: string): Promise<BriefView[]> {
    await this.visibleBooking(ctx, bookingId);
    const rows: Row[] = await ctx.em.execute(`select *, null::int as confirmed_version from booking_briefs where booking_id = ? order by version`, [bookingId]);
    return rows.map(briefView);
  }

  /** The booking's deliveries, oldest first, batched per request. */
  deliveriesOf(ctx: LoaderContext, bookingId: string): Promise<DeliveryView[]> {
    return perRequestLoader<string, DeliveryView[]>(ctx, 'deliveries.list', async (ids) => {
      const rows: Row[] = await ctx.em.execute(`select * from booking_deliveries where booking_id = any(array[?]::uuid[]) order by booking_id, number`, [ids]);
      const by = new Map<string, DeliveryView[]>();
      for (const r of rows) by.set(r.booking_id, [...(by.get(r.booking_id) ?? []), deliveryView(r)]);
      return ids.map((id) => by.get(id) ?? []);
    }).load(bookingId);
  }

  /**
   * The files a brief or delivery names, with download links for the viewer (files attached to the
   * booking: its parties and support read them). Batched per request: one read of a booking's files.
   */
  async filesOf(ctx: LoaderContext, bookingId: string, fileIds: readonly string[]): Promise<FileView[]> {
    if (fileIds.length === 0) return [];
    const all = await perRequestLoader<string, FileView[]>(ctx, 'deliveries.files', (ids) =>
      Promise.all(ids.map((id) => this.deps.files().listOf(ctx, { scope: 'booking', id }).catch((err: unknown) => (err instanceof DomainError ? [] : Promise.reject(err))))),
    ).load(bookingId);
    const byId = new Map(all.map((f) => [f.id, f]));
    return fileIds.map((id) => byId.get(id)).filter((f): f is FileView => f !== undefined);
  }

  async termsOf(ctx: LoaderContext, booking: Booking): Promise<DeliveryTerms> {
    const deliveries = await this.deliveriesOf(ctx, booking.id);
    return this.terms(booking, deliveries.filter((d) => d.status === 'changes_requested').length);
  }

  /** A booking the viewer may see (a party, or support staff), for the REST reads. */
  async visibleBooking(ctx: ServiceContext, bookingId: string): Promise<Booking> {
    const viewer = requireViewer(ctx);
    const found = await this.bookingFor(ctx.em, bookingId);
    if (viewer.role !== 'support' && !partyRole(viewer.id, found.booking, found.creator)) throw notFound(DELIVERY_MESSAGES.bookingNotFound);
    return found.booking;
  }

  // ---- the brief ---------------------------------------------------------------------------

  /** The booker writes the brief, or changes it: a new version the creator confirms again. The same text twice is one version. */
  async putBrief(ctx: ServiceContext, bookingId: string, input: unknown): Promise<BriefView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(BriefSchema, input);
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      const { booking, creator } = await this.partyBooking(em, viewer.id, bookingId, { lock: true });
      if (partyRole(viewer.id, booking, creator) !== 'booker') throw forbidden(DELIVERY_MESSAGES.briefOnlyBooker);
      if (booking.status !== BookingStatus.CONFIRMED) throw invalidTransition(DELIVERY_MESSAGES.briefNotYet);
      const [latest]: Row[] = await em.execute(LATEST_BRIEFS, [[booking.id]]);
      if (latest && sameBrief(latest, data)) return briefView(latest);
      await this.attachFiles({ ...ctx, em }, booking.id, data.fileIds);
      const version = (latest?.version ?? 0) + 1;
      const [row]: Row[] = await em.execute(
        `insert into booking_briefs (id, booking_id, version, talking_points, links, dos, donts, disclosure_required, file_ids, submitted_by, submitted_at)
         values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?, ?) returning *, ?::int as confirmed_version`,
        [
          randomUUID(), booking.id, version, data.talkingPoints, JSON.stringify(data.links), data.dos, data.donts, data.disclosureRequired,
          JSON.stringify(data.fileIds), viewer.id, now, latest?.confirmed_version ?? null,
        ],
      );
      const brief = briefView(row);
      await this.deps.outbox.publish(em, {
        topic: 'brief.submitted',
        aggregateId: brief.id,
        bookingId: booking.id,
        actorUserId: viewer.id,
        audienceUserIds: [creator.user.id],
        payload: await this.briefPayload(em, booking, creator, brief, now),
      });
      return brief;
    }).then((r) => this.touched(ctx, bookingId, r));
  }

  /** The creator confirms the brief's newest version (`version`, when given, must be it: they confirm what they read). */
  async confirmBrief(ctx: ServiceContext, bookingId: string, version?: number | null): Promise<BriefView> {
    const viewer = requireViewer(ctx);
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      const { booking, creator } = await this.partyBooking(em, viewer.id, bookingId, { lock: true });
      if (partyRole(viewer.id, booking, creator) !== 'creator') throw forbidden(DELIVERY_MESSAGES.briefOnlyCreator);
      const [latest]: Row[] = await em.execute(LATEST_BRIEFS, [[booking.id]]);
      if (!latest) throw invalidTransition(DELIVERY_MESSAGES.noBrief);
      if (version != null && version !== latest.version) throw conflict(DELIVERY_MESSAGES.briefChanged(latest.version));
      if (latest.confirmed_at) throw conflict(DELIVERY_MESSAGES.briefConfirmed);
      const [row]: Row[] = await em.execute(
        `update booking_briefs set confirmed_at = ?, confirmed_by = ? where id = ? and confirmed_at is null returning *, version as confirmed_version`,
        [now, viewer.id, latest.id],
      );
      if (!row) throw conflict(DELIVERY_MESSAGES.briefConfirmed);
      const brief = briefView(row);
      await this.deps.outbox.publish(em, {
        topic: 'brief.confirmed',
        aggregateId: brief.id,
        bookingId: booking.id,
        actorUserId: viewer.id,
        audienceUserIds: [booking.booker.id],
        payload: await this.briefPayload(em, booking, creator, brief, now),
      });
      return brief;
    }).then((r) => this.touched(ctx, bookingId, r));
  }

  // ---- deliveries ---------------------------------------------------------------------------

  /**
   * The creator submits what was delivered (links, a note, files), stamped with the server's time.
   * The booker has the approval window to answer; the booking cannot complete on its own before
   * that (its completion deadline moves to the window's end when it was earlier).
   */
  async submitDelivery(ctx: ServiceContext, bookingId: string, input: unknown): Promise<DeliveryView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(DeliverySchema, input);
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      const { booking, creator } = await this.partyBooking(em, viewer.id, bookingId, { lock: true });
      if (partyRole(viewer.id, booking, creator) !== 'creator') throw forbidden(DELIVERY_MESSAGES.deliverOnlyCreator);
      if (booking.status !== BookingStatus.CONFIRMED) throw invalidTransition(DELIVERY_MESSAGES.deliverNotYet);
      const [counts]: Row[] = await em.execute(
        `select count(*)::int as n, count(*) filter (where status = 'submitted')::int as open, count(*) filter (where status = 'changes_requested')::int as used
           from booking_deliveries where booking_id = ?`,
        [booking.id],
      );
      if (counts.open > 0) throw conflict(DELIVERY_MESSAGES.deliveryOpen);
      await this.attachFiles({ ...ctx, em }, booking.id, data.fileIds);
      const approvalDueAt = new Date(now.getTime() + this.deps.config.approvalWindowHours * HOUR_MS);
      const [row]: Row[] = await em.execute(
        `insert into booking_deliveries (id, booking_id, number, links, note, file_ids, submitted_by, submitted_at, approval_due_at, status)
         values (?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?, 'submitted') returning *`,
        [randomUUID(), booking.id, counts.n + 1, JSON.stringify(data.links), data.note, JSON.stringify(data.fileIds), viewer.id, now, approvalDueAt],
      );
      await this.deps.bookings().holdCompletionUntil(em, booking.id, new Date(approvalDueAt.getTime() + COMPLETION_GRACE_MS));
      const delivery = deliveryView(row);
      await this.publishDelivery(em, 'delivery.submitted', booking, creator, delivery, viewer.id, [booking.booker.id], counts.used);
      return delivery;
    }).then((r) => this.touched(ctx, bookingId, r));
  }

  /** The booker asks for changes (with what should change), within the window and the revisions included. */
  async requestChanges(ctx: ServiceContext, bookingId: string, deliveryId: string, input: unknown): Promise<DeliveryView> {
    const viewer = requireViewer(ctx);
    const { note } = parseInput(ChangeRequestSchema, input);
    const now = this.deps.clock.now();
    return ctx.em.transactional(async (em) => {
      const { booking, creator } = await this.partyBooking(em, viewer.id, bookingId, { lock: true });
      const current = await this.deliveryOf(em, booking.id, deliveryId);
      if (partyRole(viewer.id, booking, creator) !== 'booker') throw forbidden(DELIVERY_MESSAGES.answerOnlyBooker);
      if (current.status !== 'submitted' || booking.status !== BookingStatus.CONFIRMED) throw invalidTransition(DELIVERY_MESSAGES.notWaiting);
      if (now >= current.approvalDueAt) throw invalidTransition(DELIVERY_MESSAGES.windowClosed);
      const [{ used }]: Row[] = await em.execute(`select count(*)::int as used from booking_deliveries where booking_id = ? and status = 'changes_requested'`, [booking.id]);
      const included = this.revisionsIncluded(booking);
      if (used >= included) throw invalidTransition(DELIVERY_MESSAGES.noRevisionsLeft(included));
      const [row]: Row[] = await em.execute(
        `update booking_deliveries set status = 'changes_requested', response_note = ?, responded_at = ?, responded_by = 'booker'
          where id = ? and status = 'submitted' returning *`,
        [note, now, current.id],
      );
      if (!row) throw invalidTransition(DELIVERY_MESSAGES.notWaiting);
      // The creator has a window of the same length to deliver again before the booking could complete on its own.
      await this.deps.bookings().holdCompletionUntil(em, booking.id, new Date(now.getTime() + this.deps.config.approvalWindowHours * HOUR_MS + COMPLETION_GRACE_MS));
      const delivery = deliveryView(row);
      await this.publishDelivery(em, 'delivery.changes_requested', booking, creator, delivery, viewer.id, [creator.user.id], used + 1);
      return delivery;
    }).then((r) => this.touched(ctx, bookingId, r));
  }

  /** The booker approves: the booking completes and the creator's share is allocated (the booking process's APPROVE_DELIVERY). */
  async approve(ctx: ServiceContext, bookingId: string, deliveryId: string): Promise<DeliveryView> {
    const viewer = requireViewer(ctx);
    const { booking, creator } = await this.partyBooking(ctx.em, viewer.id, bookingId, { lock: false });
    const current = await this.deliveryOf(ctx.em, booking.id, deliveryId);
    if (partyRole(viewer.id, booking, creator) !== 'booker') throw forbidden(DELIVERY_MESSAGES.answerOnlyBooker);
    if (current.status !== 'submitted') throw invalidTransition(DELIVERY_MESSAGES.notWaiting);
    // The delivery is marked approved by the move itself (moveHandler), under the booking's lock.
    await this.deps.runner().run(ctx, booking.id, { action: BookingAction.APPROVE_DELIVERY, details: { deliveryId: current.id } });
    return this.deliveryOf(ctx.em.fork(), booking.id, current.id);
  }

  /** The sweep: deliveries whose window ended without an answer are approved by the system. Returns how many. */
  async approveDue(now: Date): Promise<number> {
    const due: Row[] = await this.deps.orm.em.fork().execute(
      `select id, booking_id from booking_deliveries where status = 'submitted' and approval_due_at <= ? order by approval_due_at, id limit ${BATCH}`,
      [now],
    );
    let approved = 0;
    const failures: unknown[] = [];
    for (const d of due) {
      try {
        const moved = await this.deps.runner().runIfAllowed(systemContext(this.deps.orm), d.booking_id, {
          action: BookingAction.APPROVE_DELIVERY,
          as: 'system',
          details: { deliveryId: d.id },
        });
        if (moved) approved += 1;
      } catch (err) {
        if (err instanceof DomainError) this.deps.logger.warn({ err, deliveryId: d.id }, 'delivery approval could not move the booking; will retry');
        else failures.push(err);
      }
    }
    if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'delivery approvals failed');
    return approved;
  }

  /**
   * Runs in the transaction of every booking move. APPROVE_DELIVERY marks its delivery approved (or
   * refuses the move when the delivery is no longer waiting: a change request or another approval
   * won) and tells the parties. Any other move that takes a booking out of `confirmed` (a dispute, a
   * completion both sides confirmed) closes the delivery still waiting, so no window approves it later.
   */
  moveHandler = async (move: AppliedMove): Promise<void> => {
    if (move.action === BookingAction.APPROVE_DELIVERY) {
      const deliveryId = (move.details as { deliveryId?: string } | null)?.deliveryId;
      const by = move.actor === 'system' ? 'system' : 'booker';
      const [row]: Row[] = deliveryId
        ? await move.em.execute(
            `update booking_deliveries set status = 'approved', responded_at = ?, responded_by = ?
              where id = ? and booking_id = ? and status = 'submitted' returning *`,
            [move.now, by, deliveryId, move.booking.id],
          )
        : [];
      if (!row) throw invalidTransition(DELIVERY_MESSAGES.notWaiting);
      const [{ used }]: Row[] = await move.em.execute(`select count(*)::int as used from booking_deliveries where booking_id = ? and status = 'changes_requested'`, [move.booking.id]);
      const audience = by === 'system' ? partyUserIds(move.booking, move.creator) : [move.creator.user.id];
      await this.publishDelivery(move.em, 'delivery.approved', move.booking, move.creator, deliveryView(row), move.actingUserId, audience, used);
      return;
    }
    if (move.from.status === BookingStatus.CONFIRMED && move.to.status !== BookingStatus.CONFIRMED) {
      await move.em.execute(`update booking_deliveries set status = 'closed', responded_at = ? where booking_id = ? and status = 'submitted'`, [move.now, move.booking.id]);
    }
  };

  // ---- helpers -----------------------------------------------------------------------------

  /** The viewer's uploads, attached to the booking (its parties and support read them); refused naming file_ids when one is not theirs. */
  private async attachFiles(ctx: ServiceContext, bookingId: string, fileIds: readonly string[]): Promise<void> {
    if (fileIds.length > 0) await this.deps.files().attach(ctx, fileIds, { scope: 'booking', id: bookingId });
  }

  revisionsIncluded(booking: Booking): number {
    return booking.revisionsIncluded ?? this.deps.config.defaultRevisions;
  }

  private terms(booking: Booking, used: number): DeliveryTerms {
    const included = this.revisionsIncluded(booking);
    return { revisionsIncluded: included, revisionsUsed: used, revisionsLeft: Math.max(0, included - used), approvalWindowHours: this.deps.config.approvalWindowHours };
  }

  private async bookingFor(em: EntityManager, bookingId: string, lock = false): Promise<{ booking: Booking; creator: Profile }> {
    if (typeof bookingId !== 'string' || !UUID_RE.test(bookingId)) throw notFound(DELIVERY_MESSAGES.bookingNotFound);
    const booking = await em.findOne(Booking, { id: bookingId }, { populate: ['creator'], ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) });
    if (!booking) throw notFound(DELIVERY_MESSAGES.bookingNotFound);
    return { booking, creator: booking.creator.getEntity() };
  }

  /** The booking when the viewer is one of its parties; NOT_FOUND otherwise (whether or not it exists). */
  private async partyBooking(em: EntityManager, viewerId: string, bookingId: string, opts: { lock: boolean }) {
    const found = await this.bookingFor(em, bookingId, opts.lock);
    if (!partyRole(viewerId, found.booking, found.creator)) throw notFound(DELIVERY_MESSAGES.bookingNotFound);
    return found;
  }

  private async deliveryOf(em: EntityManager, bookingId: string, deliveryId: string): Promise<DeliveryView> {
    if (typeof deliveryId !== 'string' || !UUID_RE.test(deliveryId)) throw notFound(DELIVERY_MESSAGES.deliveryNotFound);
    const [row]: Row[] = await em.execute(`select * from booking_deliveries where id = ? and booking_id = ?`, [deliveryId, bookingId]);
    if (!row) throw notFound(DELIVERY_MESSAGES.deliveryNotFound);
    return deliveryView(row);
  }

  private async names(em: EntityManager, booking: Booking, creator: Profile) {
    const [row]: Row[] = await em.execute(`select ${publicNameSql('u', 'p')} as name from users u left join profiles p on p.user_id = u.id where u.id = ?`, [booking.booker.id]);
    return { bookingId: booking.id, creatorUserId: creator.user.id, creatorName: creator.displayName, bookerUserId: booking.booker.id, bookerName: row?.name ?? null };
  }

  private async briefPayload(em: EntityManager, booking: Booking, creator: Profile, brief: BriefView, now: Date): Promise<BriefEventPayload> {
    return { ...(await this.names(em, booking, creator)), briefId: brief.id, version: brief.version, disclosureRequired: brief.disclosureRequired, at: now.toISOString() };
  }

  private async publishDelivery(
    em: EntityManager,
    topic: 'delivery.submitted' | 'delivery.changes_requested' | 'delivery.approved',
    booking: Booking,
    creator: Profile,
    d: DeliveryView,
    actorUserId: string | null,
    audienceUserIds: string[],
    revisionsUsed: number,
  ): Promise<void> {
    const payload: DeliveryEventPayload = {
      ...(await this.names(em, booking, creator)),
      deliveryId: d.id,
      number: d.number,
      links: d.links,
      fileIds: d.fileIds,
      note: d.note,
      submittedAt: d.submittedAt.toISOString(),
      approvalDueAt: d.approvalDueAt.toISOString(),
      responseNote: d.responseNote,
      approvedBy: d.status === 'approved' ? d.respondedBy : null,
      revisionsLeft: this.terms(booking, revisionsUsed).revisionsLeft,
    };
    await this.deps.outbox.publish(em, { topic, aggregateId: d.id, bookingId: booking.id, actorUserId, audienceUserIds, payload });
  }

  /** Both parties' screens read the booking again (live updates). */
  private async touched<T>(ctx: ServiceContext, bookingId: string, result: T): Promise<T> {
    const found = await this.bookingFor(ctx.em.fork(), bookingId);
    await this.deps.events.publish('bookingUpdated', { bookingId, partyUserIds: partyUserIds(found.booking, found.creator) });
    return result;
  }
}

function sameBrief(row: Row, data: ReturnType<typeof BriefSchema.parse>): boolean {
  return (
    row.talking_points === data.talkingPoints &&
    JSON.stringify(row.links ?? []) === JSON.stringify(data.links) &&
    (row.dos ?? null) === data.dos &&
    (row.donts ?? null) === data.donts &&
    row.disclosure_required === data.disclosureRequired &&
    JSON.stringify(row.file_ids ?? []) === JSON.stringify(data.fileIds)
  );
}
