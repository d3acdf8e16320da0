import { LockMode } from '@mikro-orm/core';
import type { Clock } from '../../platform/shared/clock';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireViewer, type ServiceContext, type Viewer } from '../../platform/shared/context';
import { badInput, forbidden, invalidTransition, notFound } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { parseInput } from '../../platform/shared/validation';
import { Booking } from '../bookings';
import { disputeView, type BookingDisputeView } from '../bookings';
import { partyRole, partyUserIds, type TransitionRunner } from '../bookings';
import { Profile } from '../profiles';
import { User, UserRole, type AccountType } from '../users';
import { accountSearchStatement } from './account-search';
import { Dispute, DisputeResolution } from '../bookings';
import {
  DisputeListSchema,
  DisputeStatementSchema,
  ResolveDisputeSchema,
  UserLookupSchema,
  UserSearchSchema,
  WarnUserSchema,
  type DisputeStatementInput,
  type ResolveDisputeInput,
  type WarnUserInput,
} from './support.inputs';
import { UserWarning } from './user-warning.entity';
import { BookingAction } from '../bookings';
import type { ResolutionDetails } from '../bookings';
import type { BookingMoveHandler } from '../bookings';
import { appendAudit, auditView, SUPPORT_ACTIONS, type SupportAuditInput, type SupportAuditView } from './support-audit';
import { SupportAuditEntry } from './support-audit.entity';
import { pageSize, UUID_RE } from '../../platform/shared/pagination';

/** An account as support's search lists it. */
export interface AccountMatch {
  id: string;
  email: string;
  accountType: AccountType;
  /** The profile's display name (null: no profile yet). */
  displayName: string | null;
  createdAt: Date;
}

const RESOLUTION_ACTIONS: Record<DisputeResolution, BookingAction> = {
  [DisputeResolution.REFUND_FULL]: BookingAction.RESOLVE_REFUND_FULL,
  [DisputeResolution.REFUND_PARTIAL]: BookingAction.RESOLVE_REFUND_PARTIAL,
  [DisputeResolution.RELEASE]: BookingAction.RESOLVE_RELEASE,
};
const RESOLUTION_OF = new Map<BookingAction, DisputeResolution>(Object.entries(RESOLUTION_ACTIONS).map(([r, a]) => [a, r as DisputeResolution]));

/** An account's audit rows one read lists at most. */
const AUDIT_LIST_MAX = 200;


/**
 * Support staff mediate disputes: they read open disputes, decide them (full refund, partial
 * refund, release to the creator) and warn users. Decisions move the booking through the same
 * state machine as everything else. A partial refund keeps the fee rule of the booking process:
 * the platform fee is charged on the part the booker finally pays, the creator gets the rest.
 */
export class SupportService {
  constructor(private readonly deps: { clock: Clock; events: EventBus; runner: TransitionRunner }) {}

  async disputes(ctx: ServiceContext, input: { status?: unknown } = {}): Promise<BookingDisputeView[]> {
    requireSupport(ctx);
    const { status } = parseInput(DisputeListSchema, input);
    const where = status === 'open' ? { resolvedAt: null } : status === 'resolved' ? { resolvedAt: { $ne: null } } : {};
    return this.views(ctx.em, await ctx.em.find(Dispute, where, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 200 }));
  }

  /** Each dispute as one view (the booking card's): one more statement for any number of disputes. */
  private async views(em: EntityManager, disputes: Dispute[]): Promise<BookingDisputeView[]> {
    if (disputes.length === 0) return [];
    const bookings = new Map((await em.find(Booking, { id: disputes.map((d) => d.bookingId) })).map((b) => [b.id, b]));
    return disputes.map((d) => disputeView(d, bookings.get(d.bookingId)!));
  }

  async resolveDispute(ctx: ServiceContext, input: ResolveDisputeInput): Promise<BookingDisputeView> {
    requireSupport(ctx);
    const data = parseInput(ResolveDisputeSchema, input);
    const dispute = await ctx.em.findOne(Dispute, { id: data.disputeId });
    if (!dispute) throw notFound('Dispute not found');
    if (dispute.resolvedAt) throw invalidTransition('This dispute is already resolved');
    const partial = data.resolution === DisputeResolution.REFUND_PARTIAL;
    await this.deps.runner.run(ctx, dispute.bookingId, {
      action: RESOLUTION_ACTIONS[data.resolution],
      as: 'support',
      refundCents: partial ? (data.refundCents ?? undefined) : undefined,
      validate: (booking) => {
        const refundable = booking.totalCents - booking.refundCents;
        if (partial && !(data.refundCents && data.refundCents > 0 && data.refundCents < refundable)) {
          throw badInput(`A partial refund is between 1 and ${refundable - 1} cents`, 'refundCents');
        }
      },
      details: { disputeId: dispute.id, resolution: data.resolution, note: data.note ?? null } satisfies ResolutionDetails,
    });
    await ctx.em.refresh(dispute);
    return (await this.views(ctx.em, [dispute]))[0];
  }

  /** The account with this e-mail (case-insensitive), or null: how support finds whom a ticket is about. */
  async userByEmail(ctx: ServiceContext, email: unknown): Promise<User | null> {
    requireSupport(ctx);
    const data = parseInput(UserLookupSchema, { email });
    return ctx.em.findOne(User, { email: data.email });
  }

  /**
   * Accounts whose e-mail or display name contains `query` (any case), at most USER_SEARCH_LIMIT:
   * the exact e-mail first, then those starting with it, then by e-mail. How support finds whom a
   * ticket is about when they know part of an address or a name.
   */
  async searchUsers(ctx: ServiceContext, query: unknown): Promise<AccountMatch[]> {
    requireSupport(ctx);
    const needle = parseInput(UserSearchSchema, { query }).query.toLowerCase();
    const { sql, params } = accountSearchStatement(needle);
    const rows = await ctx.em.execute<{ id: string; email: string; account_type: AccountType; display_name: string | null; created_at: Date }[]>(sql, params);
    return rows.map((r) => ({ id: r.id, email: r.email, accountType: r.account_type, displayName: r.display_name, createdAt: new Date(r.created_at) }));
  }

  /** Records a warning on a user (with the reason and, optionally, the booking) and counts it. */
  async warnUser(ctx: ServiceContext, input: WarnUserInput): Promise<{ warning: UserWarning; warningCount: number }> {
    const support = requireSupport(ctx);
    const data = parseInput(WarnUserSchema, input);
    return ctx.em.transactional(async (em) => {
      const user = await em.findOne(User, { id: data.userId });
      if (!user) throw notFound('User not found');
      if (data.bookingId && !(await em.count(Booking, { id: data.bookingId }))) throw notFound('Booking not found');
      const now = this.deps.clock.now();
      const warning = em.create(UserWarning, { userId: user.id, issuedBy: support.id, reason: data.reason, bookingId: data.bookingId ?? null, createdAt: now });
      await em.flush();
      await this.audit(em, { actorId: support.id, action: SUPPORT_ACTIONS.userWarned, targetUserId: user.id, subjectId: warning.id, reason: data.reason, metadata: { bookingId: data.bookingId ?? null }, at: now });
      const [row] = await em.execute('update users set warning_count = warning_count + 1 where id = ? returning warning_count', [user.id]);
      return { warning, warningCount: Number(row.warning_count) };
    });
  }

  /**
   * Records a support action that changed another user's data, in the caller's transaction (the
   * change and its record commit together). Every such action calls this: API key revocations,
   * endpoint disabling, dispute decisions, warnings, and any later one (suspensions, resets).
   * The reason is required (BAD_USER_INPUT naming `reason`); the table refuses updates and deletes.
   */
  audit(em: EntityManager, entry: SupportAuditInput): Promise<string> {
    return appendAudit(em, entry);
  }

  /** Support: the audit log, newest first, of every account or one (`userId`). */
  async auditLog(ctx: ServiceContext, input: { userId?: unknown; first?: unknown } = {}): Promise<SupportAuditView[]> {
    requireSupport(ctx);
    const userId = input.userId === undefined || input.userId === null || input.userId === '' ? null : String(input.userId);
    if (userId !== null && !UUID_RE.test(userId)) throw badInput('userId must be a valid id', 'userId');
    const limit = Math.min(pageSize(input.first ?? 50, 50), AUDIT_LIST_MAX);
    const rows = await ctx.em.find(SupportAuditEntry, userId ? { targetUserId: userId } : {}, { orderBy: { at: 'desc', id: 'desc' }, limit });
    const ids = [...new Set(rows.flatMap((r) => [r.actorId, r.targetUserId]))];
    const emails = new Map(ids.length ? (await ctx.em.find(User, { id: ids }, { fields: ['id', 'email'] })).map((u) => [u.id, u.email]) : []);
    return rows.map((r) => ({ ...auditView(r), actorEmail: emails.get(r.actorId) ?? null, targetEmail: emails.get(r.targetUserId) ?? null }));
  }

  /** The signed-in account's own rows: what support did to it and why (who on the staff is not said). */
  async accountActivity(ctx: ServiceContext): Promise<SupportAuditView[]> {
    const viewer = requireViewer(ctx);
    const rows = await ctx.em.find(SupportAuditEntry, { targetUserId: viewer.id }, { orderBy: { at: 'desc', id: 'desc' }, limit: AUDIT_LIST_MAX });
    return rows.map(auditView);
  }

  /**
   * The booking move handler that records support's dispute decisions in the move's transaction:
   * one row for each party (both are affected: money moves between them).
   */
  disputeDecisionAudit(): BookingMoveHandler {
    return async (move) => {
      const resolution = RESOLUTION_OF.get(move.action);
      if (!resolution || move.actor !== 'support' || !move.actingUserId) return;
      const metadata = { resolution, refundCents: move.booking.refundCents, totalCents: move.booking.totalCents, bookingId: move.booking.id };
      for (const targetUserId of [move.bookerUserId, move.creatorUserId]) {
        await this.audit(move.em, {
          actorId: move.actingUserId,
          action: SUPPORT_ACTIONS.disputeResolved,
          targetUserId,
          subjectId: move.booking.id,
          reason: move.reason ?? '',
          metadata,
          at: move.now,
        });
      }
    };
  }

  /** The other party's side of an open dispute (once they answer, support sees both statements). */
  async addDisputeStatement(ctx: ServiceContext, input: DisputeStatementInput): Promise<Dispute> {
    const viewer = requireViewer(ctx);
    const data = parseInput(DisputeStatementSchema, input);
    const { dispute, parties } = await ctx.em.transactional(async (em) => {
      const dispute = await em.findOne(Dispute, { id: data.disputeId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!dispute) throw notFound('Dispute not found');
      const booking = await em.findOneOrFail(Booking, { id: dispute.bookingId });
      const creator = await em.findOneOrFail(Profile, { id: booking.creator.id });
      if (!partyRole(viewer.id, booking, creator)) throw forbidden('You are not a party to this booking');
      if (dispute.openedBy === viewer.id) throw forbidden('The other party answers a dispute; add your evidence when opening it');
      if (dispute.resolvedAt) throw invalidTransition('This dispute is already resolved');
      dispute.respondentStatement = data.statement;
      return { dispute, parties: partyUserIds(booking, creator) };
    });
    await this.deps.events.publish('bookingUpdated', { bookingId: dispute.bookingId, partyUserIds: parties });
    return dispute;
  }
}

function requireSupport(ctx: ServiceContext): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.role !== UserRole.SUPPORT) throw forbidden('Only support staff can do this');
  return viewer;
}
