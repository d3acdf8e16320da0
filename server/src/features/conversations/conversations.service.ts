import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../platform/shared/clock';
import { requirePerson, type ServiceContext, type Viewer } from '../../platform/shared/context';
import { badInput, conflict, DomainError, forbidden, notFound, rateLimited } from '../../platform/shared/errors';
import { eventStream, keyedEvents, mapStream, type Listen } from '../../platform/shared/event-stream';
import type { DomainEvents, EventBus } from '../../platform/shared/events';
import { decodeCursor, encodeCursor, pageSize, toConnection, UUID_RE, type Connection } from '../../platform/shared/pagination';
import { perRequestLoader, type LoaderCache } from '../../platform/shared/loaders';
import { parseInput } from '../../platform/shared/validation';
import type { RateLimitStore } from '../../platform/security/rate-limits';
import { UserRole } from '../users';
import type { NotificationsService } from '../notifications';
import type { Outbox, OutboxConsumer, OutboxEvent } from '../../platform/outbox/outbox';
import type { BookingPort } from './conversations.ports';
import {
  CONVERSATION_COLUMNS,
  conversationFrom,
  EVENT_LINE_TOPICS,
  MESSAGE_SELECT,
  messageFrom,
  withEventFacts,
  moneyBookingIds,
  type ConversationRow,
  type ConversationView,
  type MessageRow,
  type MessageView,
  type ViewerRole,
} from './conversations.views';
import { publicNameSql } from '../users';
import { readBookingStories } from '../bookings';
import type { BookingMoveHandler, MoneyFigures } from '../bookings';
import type { FilesService, FileView } from '../files';
import { ActivityThrottle } from './activity-throttle';
import { messagePreview } from './message-preview';

const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found',
  creatorNotFound: 'Creator not found',
  yourself: 'You cannot message yourself',
  suspended: 'Your account is suspended: you cannot start conversations',
  senderSuspended: 'Your account is suspended: you cannot send messages',
  recipientSuspended: 'This account is suspended: it cannot receive messages',
  proposalNotFound: 'Proposed time not found',
  proposalClosed: 'This proposed time is no longer open',
  onlyOtherParty: 'Only the other party of the booking can answer a proposed time',
  declined: 'Declined the proposed time.',
  proposed: 'Proposed another time.',
};

const MAX_TEXT = 2000;
const text = z
  .string({ error: 'text is required' })
  .trim()
  .min(1, 'text must not be empty')
  .max(MAX_TEXT, `text must be at most ${MAX_TEXT} characters`);
const id = (field: string) => z.uuid({ error: `${field} must be a valid id` });

const StartSchema = z.object({ creatorId: id('creatorId'), text });
/** Files a message may carry (uploaded with POST /api/v1/files by the sender). */
export const MESSAGE_FILES_MAX = 10;
const fileIds = z
  .preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(z.string({ error: 'fileIds: each must be the id of an uploaded file' }).regex(UUID_RE, 'fileIds: each must be the id of an uploaded file'), {
        error: 'fileIds must be a list of file ids',
      })
      .max(MESSAGE_FILES_MAX, `fileIds: at most ${MESSAGE_FILES_MAX} files per message`),
  )
  .transform((list) => [...new Set(list.map((v) => v.toLowerCase()))]);
/** A message is text, files, or both: the text may be empty when files are sent. */
const SendSchema = z
  .object({
    conversationId: id('conversationId'),
    text: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'text must be text' }).trim().max(MAX_TEXT, `text must be at most ${MAX_TEXT} characters`)),
    fileIds,
  })
  .refine((d) => d.text.length > 0 || d.fileIds.length > 0, { message: 'text must not be empty', path: ['text'] });
const ProposeSchema = z.object({ bookingId: id('bookingId'), text: z.string({ error: 'text must be text' }).trim().max(MAX_TEXT, `text must be at most ${MAX_TEXT} characters`).nullish() });
const RespondSchema = z.object({ messageId: id('messageId'), accept: z.boolean({ error: 'accept must be true or false' }) });

/** A conversation's two parties, as the offers feature uses them. */
export interface ConversationPair {
  conversationId: string;
  clientUserId: string;
  creatorUserId: string;
  creatorProfileId: string;
  /** The viewer's side. */
  role: 'client' | 'creator';
}

/** Who may read a conversation, and as what. */
interface Access {
  conversation: ConversationRow;
  role: ViewerRole;
}

type AfterCommit = () => Promise<void> | void;

/**
 * Conversations between a client (a brand, or anyone booking) and a creator: one per pair,
 * started as an inquiry or by the pair's first booking, and reused by every later booking of the
 * pair. Members are the two parties; support staff read and post while one of the pair's bookings
 * is disputed (marked as support). The thread shows the bookings' events as lines, read from the
 * outbox where the booking process published them (never copied). Everyone else gets 404.
 */
export class ConversationsService {
  private readonly byAggregate: (key: string) => Listen<DomainEvents['outboxCommitted']>;
  private readonly byAudience: (key: string) => Listen<DomainEvents['outboxCommitted']>;
  private readonly activityOf: (key: string) => Listen<DomainEvents['conversationActivity']>;
  /** Typing and read marks on the bus: paced per user and conversation. */
  private readonly activityPace: ActivityThrottle;

  constructor(
    private readonly deps: {
      clock: Clock;
      events: EventBus;
      outbox: Outbox;
      bookings: BookingPort;
      /** Bookings' money figures from the ledger (features/bookings `moneyOf`): what event lines tell. */
      money: (em: EntityManager, bookingIds: readonly string[]) => Promise<Map<string, MoneyFigures>>;
      notifications: NotificationsService;
      /** Files sent with messages: attached to the conversation's scope (its readers read them). */
      files: () => FilesService;
      limits: RateLimitStore;
      /** Messages per user per minute; null: no limit. */
      messagesPerMinute: number | null;
    },
  ) {
    this.byAggregate = keyedEvents(deps.events, 'outboxCommitted', (e) => [e.aggregateId]);
    this.byAudience = keyedEvents(deps.events, 'outboxCommitted', (e) => e.audienceUserIds);
    this.activityOf = keyedEvents(deps.events, 'conversationActivity', (e) => [e.conversationId]);
    this.activityPace = new ActivityThrottle(deps.clock);
  }

  /** Drops trailing read marks not yet published (shutdown). */
  close(): void {
    this.activityPace.close();
  }

  /** The in-transaction outbox consumer: a requested booking joins its pair's conversation; a dispute lets support in. */
  consumer(): OutboxConsumer {
    return {
      name: 'conversations',
      topics: ['booking.created', 'booking.disputed', 'booking.resolved'],
      onEvent: (em, event) => this.onBookingEvent(em, event),
    };
  }

  // ---- reads ----

  /** The viewer's conversations, the most recently active first. */
  async list(ctx: ServiceContext, args: { first?: unknown; after?: unknown }): Promise<Connection<ConversationView>> {
    const viewer = requirePerson(ctx);
    const size = pageSize(args.first, 20);
    const after = args.after ? decodeCursor(String(args.after), (p) => p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string' && UUID_RE.test(p[1])) : null;
    const params: unknown[] = [viewer.id, viewer.id, viewer.id, viewer.id];
    let where = 'me.user_id is not null and me.role <> \'support\'';
    if (after) {
      where += ' and (c.last_activity_at, c.id) < (?::timestamptz, ?::uuid)';
      params.push(after[0], after[1]);
    }
    const rows = await ctx.em.execute<ConversationRow[]>(
      `${CONVERSATION_COLUMNS} where ${where} order by c.last_activity_at desc, c.id desc limit ${size + 1}`,
      params,
    );
    const [{ count }] = await ctx.em.execute<{ count: number }[]>(
      `select count(*)::int as count from conversation_member where user_id = ? and role <> 'support'`,
      [viewer.id],
    );
    return toConnection(rows.map((r) => conversationFrom(r, viewer.id)), size, count, (c) => encodeCursor([c.lastActivityAt.toISOString(), c.id]));
  }

  /** One conversation (members; support while a booking of it is disputed); 404 otherwise. */
  async get(ctx: ServiceContext, conversationId: unknown): Promise<ConversationView> {
    const viewer = requirePerson(ctx);
    const access = await this.access(ctx.em, viewer, conversationId);
    return conversationFrom(access.conversation, viewer.id, access.role);
  }

  /** The conversation of a booking (created on first use for bookings made before it existed). */
  async forBooking(ctx: ServiceContext, bookingId: unknown): Promise<ConversationView> {
    const viewer = requirePerson(ctx);
    const { bookingId: idOk } = parseInput(z.object({ bookingId: id('bookingId') }), { bookingId });
    const conversationId = await this.conversationOfBooking(ctx.em, viewer, idOk);
    return this.get(ctx, conversationId);
  }

  /**
   * A booking's conversation as the viewer sees it (for its card: open it, unread count), batched
   * per request; null when the booking has none yet or the viewer is not a member of it.
   */
  bookingCardConversation(ctx: ServiceContext & { loaders: LoaderCache }, bookingId: string): Promise<ConversationView | null> {
    const viewer = ctx.viewer;
    if (!viewer) return Promise.resolve(null);
    return perRequestLoader<string, ConversationView | null>(ctx, 'conversations:ofBooking', async (bookingIds) => {
      const links = await ctx.em.execute<{ booking_id: string; conversation_id: string }[]>(
        'select booking_id, conversation_id from conversation_booking where booking_id = any(?::uuid[])',
        [`{${bookingIds.join(',')}}`],
      );
      const ids = [...new Set(links.map((l) => l.conversation_id))];
      const rows = ids.length
        ? await ctx.em.execute<ConversationRow[]>(`${CONVERSATION_COLUMNS} where c.id = any(?::uuid[]) and me.user_id is not null and me.role <> 'support'`, [
            viewer.id, viewer.id, viewer.id, viewer.id, `{${ids.join(',')}}`,
          ])
        : [];
      const byId = new Map(rows.map((r) => [r.id, conversationFrom(r, viewer.id)]));
      const byBooking = new Map(links.map((l) => [l.booking_id, byId.get(l.conversation_id) ?? null]));
      return bookingIds.map((b) => byBooking.get(b) ?? null);
    }).load(bookingId);
  }

  /**
   * The proposed time of a booking still waiting for the booker's answer (the newest, if several),
   * batched per request; for a booking the caller already let the viewer read.
   */
  openProposalOf(ctx: ServiceContext & { loaders: LoaderCache }, bookingId: string): Promise<MessageView | null> {
    const viewerId = ctx.viewer?.id ?? '';
    return perRequestLoader<string, MessageView | null>(ctx, 'conversations:openProposal', async (bookingIds) => {
      const rows = await ctx.em.execute<MessageRow[]>(
        `${MESSAGE_SELECT} where m.booking_id = any(?::uuid[]) and m.kind = 'proposal' and m.proposal_status = 'pending' order by m.created_at, m.id`,
        [`{${bookingIds.join(',')}}`],
      );
      const newest = new Map(rows.map((r) => [r.booking_id!, messageFrom(r, viewerId)]));
      return bookingIds.map((b) => newest.get(b) ?? null);
    }).load(bookingId);
  }

  /**
   * A page of the thread, oldest first: messages and the bookings' event lines. `last`/`before`
   * reads back in time (the default: the newest 30); `first`/`after` reads forward from a cursor,
   * which is how a client catches up after a reconnect.
   */
  async messages(
    ctx: ServiceContext,
    conversationId: unknown,
    args: { first?: unknown; after?: unknown; last?: unknown; before?: unknown },
  ): Promise<MessageConnection> {
    const viewer = requirePerson(ctx);
    const access = await this.access(ctx.em, viewer, conversationId);
    return this.page(ctx.em, access.conversation.id, viewer.id, args);
  }

  /** The thread of a booking (GET /bookings/{id}/messages). */
  async bookingMessages(ctx: ServiceContext, bookingId: unknown, args: { first?: unknown; after?: unknown; last?: unknown; before?: unknown }): Promise<MessageConnection> {
    const conversation = await this.forBooking(ctx, bookingId);
    return this.page(ctx.em, conversation.id, ctx.viewer!.id, args);
  }

  // ---- writes ----

  /** An inquiry to a creator (before any booking), or a message into the pair's existing conversation. */
  async start(ctx: ServiceContext, input: { creatorId: unknown; text: unknown }): Promise<ConversationView> {
    const viewer = requirePerson(ctx);
    const data = parseInput(StartSchema, input);
    const [creator] = await ctx.em.execute<{ id: string; user_id: string }[]>('select id, user_id from profiles where id = ?', [data.creatorId]);
    if (!creator) throw notFound(CONVERSATION_MESSAGES.creatorNotFound);
    if (creator.user_id === viewer.id) throw badInput(CONVERSATION_MESSAGES.yourself, 'creatorId');
    const [user] = await ctx.em.execute<{ suspended_at: Date | null }[]>('select suspended_at from users where id = ?', [viewer.id]);
    if (!user || user.suspended_at) throw forbidden(CONVERSATION_MESSAGES.suspended);
    await this.countMessage(viewer.id);
    const conversationId = await ctx.em.transactional(async (em) => {
      const cid = await findOrCreate(em, viewer.id, creator.id, creator.user_id);
      await this.post(em, cid, viewer, data.text, false);
      return cid;
    });
    return this.get(ctx, conversationId);
  }

  /**
   * A message into a conversation the viewer may write to (support: marked as support): text, files
   * (the viewer's own uploads, at most MESSAGE_FILES_MAX, attached to the conversation so whoever
   * may read it reads them), or both. A file that is not the viewer's refuses the whole message.
   */
  async send(ctx: ServiceContext, input: { conversationId: unknown; text: unknown; fileIds?: unknown }): Promise<MessageView> {
    const viewer = requirePerson(ctx);
    const data = parseInput(SendSchema, input);
    const access = await this.access(ctx.em, viewer, data.conversationId);
    await this.countMessage(viewer.id);
    const conversationId = access.conversation.id;
    const messageId = await ctx.em.transactional(async (em) => {
      const files = await this.deps.files().attach({ ...ctx, em }, data.fileIds, { scope: 'conversation', id: conversationId });
      const byId = new Map(files.map((f) => [f.id, f]));
      const sent = data.fileIds.map((fid) => byId.get(fid)!).filter(Boolean);
      return this.post(em, conversationId, viewer, data.text, access.role === 'support', null, sent);
    });
    return this.message(ctx.em, messageId, viewer.id);
  }

  /**
   * The files a message was sent with, with download links for the viewer (through the files'
   * conversation scope: its members, support while disputed). Batched per request by message (a
   * message's files never change, so a live subscription may keep them).
   */
  async filesOf(ctx: ServiceContext & { loaders: LoaderCache }, message: MessageView): Promise<FileView[]> {
    if (message.fileIds.length === 0) return [];
    const files = await perRequestLoader<string, FileView[]>(ctx, 'conversations:messageFiles', async (messageIds) => {
      const rows = await ctx.em.execute<{ id: string; conversation_id: string }[]>('select id, conversation_id from message where id = any(?::uuid[])', [
        `{${messageIds.join(',')}}`,
      ]);
      const conversations = [...new Set(rows.map((r) => r.conversation_id))];
      const lists = await Promise.all(
        conversations.map((cid) =>
          this.deps
            .files()
            .listOf(ctx, { scope: 'conversation', id: cid })
            .catch((err: unknown) => (err instanceof DomainError ? [] : Promise.reject(err))),
        ),
      );
      const byConversation = new Map(conversations.map((cid, i) => [cid, lists[i]]));
      const conversationOf = new Map(rows.map((r) => [r.id, r.conversation_id]));
      return messageIds.map((mid) => byConversation.get(conversationOf.get(mid) ?? '') ?? []);
    }).load(message.id);
    const byId = new Map(files.map((f) => [f.id, f]));
    return message.fileIds.map((fid) => byId.get(fid)).filter((f): f is FileView => f !== undefined);
  }

  /** A party proposes other hours (bookable in the creator's availability, the same length): the creator for a pending request, either party for a confirmed booking. */
  async proposeTime(ctx: ServiceContext, input: { bookingId: unknown; startTime: unknown; endTime: unknown; text?: unknown }): Promise<MessageView> {
    const viewer = requirePerson(ctx);
    const data = parseInput(ProposeSchema, { bookingId: input.bookingId, text: input.text });
    const { startTime, endTime, booking } = await this.deps.bookings.checkProposal(ctx, data.bookingId, input, this.deps.clock.now());
    await this.countMessage(viewer.id);
    const conversationId = await this.conversationOfBooking(ctx.em, viewer, booking.bookingId);
    const messageId = await ctx.em.transactional(async (em) => {
      const mid = randomUUID();
      await em.execute(
        `insert into message (id, conversation_id, sender_user_id, kind, text, booking_id, proposed_start, proposed_end, proposal_status, created_at)
         values (?, ?, ?, 'proposal', ?, ?, ?, ?, 'pending', ${NOW})`,
        [mid, conversationId, viewer.id, data.text || CONVERSATION_MESSAGES.proposed, booking.bookingId, startTime, endTime],
      );
      await touch(em, conversationId);
      await this.assertMayMessage(em, conversationId, viewer, false);
      await this.deps.outbox.publish(em, {
        topic: 'booking.time_proposed',
        aggregateId: conversationId,
        bookingId: booking.bookingId,
        actorUserId: viewer.id,
        audienceUserIds: [booking.clientUserId, booking.creatorUserId],
        payload: {
          conversationId,
          messageId: mid,
          bookingId: booking.bookingId,
          startTime: startTime.toISOString(),
          endTime: endTime.toISOString(),
          creatorName: await nameOf(em, viewer.id),
        },
      });
      return mid;
    });
    return this.message(ctx.em, messageId, viewer.id);
  }

  /**
   * The booker accepts (the booking moves to the proposed hours through the state machine, in
   * this transaction; CONFLICT when they were taken meanwhile) or declines a proposed time.
   * Accepting one closes the booking's other open proposals. Concurrent answers are serialised on
   * the booking's proposals: exactly one acceptance wins.
   */
  async respond(ctx: ServiceContext, input: { messageId: unknown; accept: unknown }): Promise<MessageView> {
    const viewer = requirePerson(ctx);
    const data = parseInput(RespondSchema, input);
    const [found] = await ctx.em.execute<{ conversation_id: string; booking_id: string | null; kind: string; sender_user_id: string }[]>(
      'select conversation_id, booking_id, kind, sender_user_id from message where id = ?',
      [data.messageId],
    );
    if (!found || found.kind !== 'proposal' || !found.booking_id) throw notFound(CONVERSATION_MESSAGES.proposalNotFound);
    const access = await this.access(ctx.em, viewer, found.conversation_id);
    const booking = await this.deps.bookings.partiesOf(ctx.em, found.booking_id);
    // One yes from each side: the party who did not propose the time answers it.
    const parties = booking ? [booking.clientUserId, booking.creatorUserId] : [];
    if (!booking || access.role === 'support' || !parties.includes(viewer.id) || found.sender_user_id === viewer.id) {
      throw forbidden(CONVERSATION_MESSAGES.onlyOtherParty);
    }
    const confirmsRequest = booking.status === 'pending' && found.sender_user_id === booking.creatorUserId;
    const afterCommit: AfterCommit[] = [];
    await ctx.em.transactional(async (em) => {
      // Every proposal of the booking, locked in one order: two answers run one after the other.
      const proposals = await em.execute<{ id: string; proposal_status: string; proposed_start: Date; proposed_end: Date }[]>(
        `select id, proposal_status, proposed_start, proposed_end from message where booking_id = ? and kind = 'proposal' order by id for update`,
        [found.booking_id],
      );
      const proposal = proposals.find((p) => p.id === data.messageId)!;
      if (proposal.proposal_status !== 'pending') throw conflict(CONVERSATION_MESSAGES.proposalClosed);
      if (data.accept) {
        const txCtx = { ...ctx, em, afterCommit: (fn: AfterCommit) => afterCommit.push(fn) };
        await this.deps.bookings.reschedule(txCtx, found.booking_id!, { startTime: new Date(proposal.proposed_start), endTime: new Date(proposal.proposed_end) });
        await em.execute(`update message set proposal_status = 'accepted', responded_at = ${NOW} where id = ?`, [proposal.id]);
        await em.execute(
          `update message set proposal_status = 'superseded', responded_at = ${NOW} where booking_id = ? and kind = 'proposal' and proposal_status = 'pending'`,
          [found.booking_id],
        );
        await touch(em, found.conversation_id);
      } else {
        await em.execute(`update message set proposal_status = 'declined', responded_at = ${NOW} where id = ?`, [proposal.id]);
        await this.post(em, found.conversation_id, viewer, CONVERSATION_MESSAGES.declined, false, booking);
      }
    });
    for (const fn of afterCommit) await fn();
    // The creator's proposed time accepted by the booker is the creator's yes: the request is confirmed.
    if (data.accept && confirmsRequest) await this.deps.bookings.confirmAcceptedProposal(ctx, found.booking_id);
    return this.message(ctx.em, data.messageId, viewer.id);
  }

  /**
   * The booking move handler that closes a booking's proposed times when the booking moves on
   * (accepted, declined, cancelled, expired, completed, disputed…): a time proposed for a request no
   * longer waits for an answer once the request is decided. Written with the move, in its
   * transaction (part of its one statement when it has one). A RESCHEDULE closes its own proposals.
   */
  proposalCloser(): BookingMoveHandler {
    return async (move) => {
      if (move.from.status === move.to.status) return;
      const sql = `update message set proposal_status = 'superseded', responded_at = ?
                    where booking_id = ? and kind = 'proposal' and proposal_status = 'pending'`;
      const params = [move.now, move.booking.id];
      if (move.defer) {
        move.defer({ names: ['closed_proposals'], ctes: `closed_proposals as (${sql} returning 1)`, params, columns: '(select count(*) from closed_proposals)::int as closed_proposals_n' });
      } else {
        await move.em.execute(sql, params);
      }
    };
  }

  /** The viewer has read the conversation up to now: their read mark moves, its notifications are read, the others see "Seen". */
  async markRead(ctx: ServiceContext, conversationId: unknown): Promise<ConversationView> {
    const viewer = requirePerson(ctx);
    const access = await this.access(ctx.em, viewer, conversationId);
    const cid = access.conversation.id;
    const [row] = await ctx.em.execute<{ at: Date }[]>(
      `insert into conversation_member (conversation_id, user_id, role, last_read_at, joined_at) values (?, ?, ?, ${NOW}, ${NOW})
       on conflict (conversation_id, user_id) do update set last_read_at = excluded.last_read_at returning last_read_at as at`,
      [cid, viewer.id, access.role],
    );
    await this.deps.notifications.markConversationNotificationsRead(ctx.em, viewer.id, cid);
    // The mark is written every time; the live "Seen" is coalesced per user and conversation.
    const at = new Date(row.at).toISOString();
    await this.activityPace.read(`${viewer.id}:${cid}`, () => this.deps.events.publish('conversationActivity', { conversationId: cid, userId: viewer.id, kind: 'read', at }));
    return this.get(ctx, cid);
  }

  /** The viewer is typing: the other members see it live (nothing is stored; at most one line per user and conversation per 2 s). */
  async setTyping(ctx: ServiceContext, conversationId: unknown): Promise<boolean> {
    const viewer = requirePerson(ctx);
    const access = await this.access(ctx.em, viewer, conversationId);
    if (!this.activityPace.allowTyping(`${viewer.id}:${access.conversation.id}`)) return true;
    await this.deps.events.publish('conversationActivity', {
      conversationId: access.conversation.id,
      userId: viewer.id,
      kind: 'typing',
      at: this.deps.clock.now().toISOString(),
    });
    return true;
  }

  // ---- live ----

  /**
   * New lines of one conversation, live: messages, proposals and the bookings' event lines. Only
   * for whoever may read it (checked when subscribing: 404 otherwise; support re-checked per line).
   */
  async messagesAdded(ctx: ServiceContext, conversationId: unknown): Promise<AsyncIterableIterator<MessageView>> {
    const viewer = requirePerson(ctx);
    const access = await this.access(ctx.em, viewer, conversationId);
    const c = access.conversation;
    const root = ctx.em;
    const ours = new Map<string, boolean>();
    const belongs = async (bookingId: string) => {
      if (!ours.has(bookingId)) {
        const [row] = await root.fork().execute('select 1 from conversation_booking where booking_id = ? and conversation_id = ?', [bookingId, c.id]);
        ours.set(bookingId, Boolean(row));
      }
      return ours.get(bookingId)!;
    };
    const listen: Listen<DomainEvents['outboxCommitted']> = (listener) => {
      const stopMessages = this.byAggregate(c.id)(listener);
      // Event lines: booking events always concern the creator.
      const stopEventLines = this.byAudience(c.creator_user_id)((e) => {
        if (e.bookingId && e.aggregateId !== c.id && (EVENT_LINE_TOPICS as readonly string[]).includes(e.topic)) listener(e);
      });
      return () => {
        stopMessages();
        stopEventLines();
      };
    };
    return mapStream(eventStream(listen), async (e) => {
      const em = root.fork();
      if (access.role === 'support' && !(await this.mayRead(em, viewer, c.id))) return null;
      if (e.aggregateId === c.id) {
        const [row] = await em.execute<MessageRow[]>(`${MESSAGE_SELECT} where m.id = (select (payload->>'messageId')::uuid from outbox_event where id = ?)`, [e.id]);
        return row ? messageFrom(row, viewer.id) : null;
      }
      if (!e.bookingId || !(await belongs(e.bookingId))) return null;
      const [row] = await withEventFacts(em, await em.execute<MessageRow[]>(`${EVENT_LINE_SELECT} where e.id = ?`, [e.id]));
      return row ? messageFrom(row, viewer.id, await this.moneyOf(em, [row])) : null;
    });
  }

  /** Typing and read marks of one conversation, live (others' only), for whoever may read it. */
  async activity(ctx: ServiceContext, conversationId: unknown): Promise<AsyncIterableIterator<DomainEvents['conversationActivity']>> {
    const viewer = requirePerson(ctx);
    const access = await this.access(ctx.em, viewer, conversationId);
    const mine = (listener: (e: DomainEvents['conversationActivity']) => void) =>
      this.activityOf(access.conversation.id)((e) => {
        if (e.userId !== viewer.id) listener(e);
      });
    return eventStream(mine);
  }

  // ---- offers (features/offers posts its cards through these) ----

  /** The conversation's pair, for one of the pair only (support and everyone else: 404). */
  async pairOf(em: EntityManager, viewer: Viewer, conversationId: unknown): Promise<ConversationPair> {
    const { conversation: c, role } = await this.access(em, viewer, conversationId);
    if (role === 'support') throw notFound(CONVERSATION_MESSAGES.notFound);
    return { conversationId: c.id, clientUserId: c.client_user_id, creatorUserId: c.creator_user_id, creatorProfileId: c.creator_profile_id, role };
  }

  /**
   * Writes an offer's card line in the thread, in `em`'s transaction (suspended parties refused like
   * a message); the offer's own outbox event tells the other side and carries the line live.
   */
  async postOfferLine(em: EntityManager, conversationId: string, viewer: Viewer, offerId: string, text: string): Promise<string> {
    await this.assertMayMessage(em, conversationId, viewer, false);
    const messageId = randomUUID();
    await em.execute(
      `insert into message (id, conversation_id, sender_user_id, kind, text, is_support, offer_id, created_at) values (?, ?, ?, 'offer', ?, false, ?, ${NOW})`,
      [messageId, conversationId, viewer.id, text, offerId],
    );
    await touch(em, conversationId);
    return messageId;
  }

  // ---- internals ----

  /** The conversation as `viewer` may see it, or 404 (also for an id that is not a uuid). */
  private async access(em: EntityManager, viewer: Viewer, conversationId: unknown): Promise<Access> {
    if (typeof conversationId !== 'string' || !UUID_RE.test(conversationId)) throw notFound(CONVERSATION_MESSAGES.notFound);
    const [row] = await em.execute<ConversationRow[]>(`${CONVERSATION_COLUMNS} where c.id = ?`, [viewer.id, viewer.id, viewer.id, viewer.id, conversationId]);
    if (!row) throw notFound(CONVERSATION_MESSAGES.notFound);
    if (row.my_role === 'client' || row.my_role === 'creator') return { conversation: row, role: row.my_role };
    if (viewer.role === UserRole.SUPPORT && row.disputed) return { conversation: row, role: 'support' };
    throw notFound(CONVERSATION_MESSAGES.notFound);
  }

  /** Whether `viewer` may read the conversation (members; support while a booking of it is disputed): also who reads its files. */
  async mayRead(em: EntityManager, viewer: Viewer, conversationId: string): Promise<boolean> {
    try {
      await this.access(em, viewer, conversationId);
      return true;
    } catch {
      return false;
    }
  }

  /** The pair's conversation of a booking the viewer is a party of (or support, while disputed); 404 otherwise. */
  private async conversationOfBooking(em: EntityManager, viewer: Viewer, bookingId: string): Promise<string> {
    const [linked] = await em.execute<{ conversation_id: string }[]>('select conversation_id from conversation_booking where booking_id = ?', [bookingId]);
    if (linked) {
      await this.access(em, viewer, linked.conversation_id);
      return linked.conversation_id;
    }
    const booking = await this.deps.bookings.partiesOf(em, bookingId);
    const party = booking && (booking.clientUserId === viewer.id || booking.creatorUserId === viewer.id);
    const support = booking && viewer.role === UserRole.SUPPORT && booking.status === 'disputed';
    if (!booking || !(party || support)) throw notFound('Booking not found');
    return em.transactional(async (tx) => {
      const cid = await findOrCreate(tx, booking.clientUserId, booking.creatorProfileId, booking.creatorUserId);
      await tx.execute('insert into conversation_booking (booking_id, conversation_id, disputed) values (?, ?, ?) on conflict (booking_id) do nothing', [
        bookingId,
        cid,
        booking.status === 'disputed',
      ]);
      return cid;
    });
  }

  /** Links a booking to its pair's conversation when it is requested; support may join while it is disputed. */
  private async onBookingEvent(em: EntityManager, event: OutboxEvent): Promise<void> {
    // The parties' ids travel in the event; what the move did is the booking's story.
    const p = event.payload as { bookerUserId?: string; creatorId?: string; creatorUserId?: string };
    if (!event.bookingId) return;
    if (event.topic === 'booking.created') {
      if (!p.bookerUserId || !p.creatorId || !p.creatorUserId) return;
      const cid = await findOrCreate(em, p.bookerUserId, p.creatorId, p.creatorUserId);
      await em.execute('insert into conversation_booking (booking_id, conversation_id) values (?, ?) on conflict (booking_id) do nothing', [event.bookingId, cid]);
      return;
    }
    // Disputed while the move left it so (a no-show report is settled at once): the booking's story tells.
    let disputed = false;
    if (event.topic === 'booking.disputed') {
      const story = (await readBookingStories(em, [event.bookingId])).get(event.bookingId);
      const move = story?.moves.find((m) => m.id === event.historyId) ?? story?.moves.at(-1);
      disputed = move?.toStatus === 'disputed';
    }
    await em.execute('update conversation_booking set disputed = ? where booking_id = ?', [disputed, event.bookingId]);
  }

  /** Writes a message (and its outbox event: the other members are notified; live delivery after commit). */
  private async post(
    em: EntityManager,
    conversationId: string,
    viewer: Viewer,
    body: string,
    asSupport: boolean,
    booking: { bookingId: string; startTime: Date; endTime: Date } | null = null,
    files: readonly FileView[] = [],
  ): Promise<string> {
    const bookingId = booking?.bookingId ?? null;
    const messageId = randomUUID();
    await em.execute(
      `insert into message (id, conversation_id, sender_user_id, kind, text, is_support, booking_id, file_ids, created_at) values (?, ?, ?, 'text', ?, ?, ?, ?::jsonb, ${NOW})`,
      [messageId, conversationId, viewer.id, body, asSupport, bookingId, JSON.stringify(files.map((f) => f.id))],
    );
    if (asSupport) {
      await em.execute(
        `insert into conversation_member (conversation_id, user_id, role, joined_at) values (?, ?, 'support', ${NOW}) on conflict (conversation_id, user_id) do nothing`,
        [conversationId, viewer.id],
      );
    }
    await touch(em, conversationId);
    const members = await this.assertMayMessage(em, conversationId, viewer, asSupport);
    await this.deps.outbox.publish(em, {
      topic: 'message.created',
      aggregateId: conversationId,
      // A message about one booking (the answer to its proposed time) names it, as the booking's own items do.
      bookingId,
      actorUserId: viewer.id,
      audienceUserIds: members.map((m) => m.user_id),
      payload: {
        conversationId,
        messageId,
        senderUserId: viewer.id,
        senderName: asSupport ? 'Support' : await nameOf(em, viewer.id),
        excerpt: messagePreview(body, files),
        isSupport: asSupport,
        ...(booking ? { bookingId: booking.bookingId, startTime: new Date(booking.startTime).toISOString(), endTime: new Date(booking.endTime).toISOString() } : {}),
      },
    });
    return messageId;
  }

  /**
   * Suspended means suspended: a suspended account neither sends messages nor receives them (the
   * other party gets FORBIDDEN naming it). Support still writes to anyone during a dispute.
   * Returns the conversation's members.
   */
  private async assertMayMessage(em: EntityManager, conversationId: string, viewer: Viewer, asSupport: boolean): Promise<{ user_id: string }[]> {
    const members = await em.execute<{ user_id: string; suspended: boolean }[]>(
      `select m.user_id, u.suspended_at is not null as suspended from conversation_member m join users u on u.id = m.user_id where m.conversation_id = ?`,
      [conversationId],
    );
    if (!asSupport) {
      const [me] = await em.execute<{ suspended: boolean }[]>('select suspended_at is not null as suspended from users where id = ?', [viewer.id]);
      if (!me || me.suspended) throw forbidden(CONVERSATION_MESSAGES.senderSuspended);
      if (members.some((m) => m.user_id !== viewer.id && m.suspended)) throw forbidden(CONVERSATION_MESSAGES.recipientSuspended);
    }
    return members;
  }

  private async message(em: EntityManager, messageId: string, viewerId: string): Promise<MessageView> {
    const [row] = await em.execute<MessageRow[]>(`${MESSAGE_SELECT} where m.id = ?`, [messageId]);
    return messageFrom(row, viewerId);
  }

  private async page(em: EntityManager, conversationId: string, viewerId: string, args: { first?: unknown; after?: unknown; last?: unknown; before?: unknown }): Promise<MessageConnection> {
    const forward = args.first !== undefined && args.first !== null;
    const cursorOf = (value: unknown) =>
      value ? decodeCursor(String(value), (p) => p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string' && UUID_RE.test(p[1])) : null;
    const size = forward ? pageSize(args.first, 30) : pageSize(args.last, 30, 'last');
    const after = cursorOf(args.after);
    const before = cursorOf(args.before);
    const params: unknown[] = [conversationId, conversationId, EVENT_TOPICS_PG];
    const bounds: string[] = [];
    if (after) {
      bounds.push('(t.created_at, t.id) > (?::timestamptz, ?::uuid)');
      params.push(after[0], after[1]);
    }
    if (before) {
      bounds.push('(t.created_at, t.id) < (?::timestamptz, ?::uuid)');
      params.push(before[0], before[1]);
    }
    const where = bounds.length ? `where ${bounds.join(' and ')}` : '';
    const order = forward ? 'asc' : 'desc';
    const rows = await em.execute<MessageRow[]>(
      `select * from (${MESSAGE_SELECT} where m.conversation_id = ?
         union all
         ${EVENT_LINE_SELECT} join conversation_booking cb on cb.booking_id = e.booking_id where cb.conversation_id = ? and e.topic = any(?::text[])) t
       ${where} order by t.created_at ${order}, t.id ${order} limit ${size + 1}`,
      params,
    );
    const more = rows.length > size;
    const pageRows = await withEventFacts(em, rows.slice(0, size));
    if (!forward) pageRows.reverse();
    const money = await this.moneyOf(em, pageRows);
    const nodes = pageRows.map((r) => messageFrom(r, viewerId, money));
    const edges = nodes.map((node) => ({ cursor: encodeCursor([node.createdAt.toISOString(), node.id]), node }));
    return {
      edges,
      pageInfo: {
        hasNextPage: forward ? more : Boolean(before),
        hasPreviousPage: forward ? Boolean(after) : more,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  }

  /** The money figures of the bookings a page's event lines tell, read from the ledger now (one statement per page). */
  private moneyOf(em: EntityManager, rows: readonly MessageRow[]): Promise<Map<string, MoneyFigures>> {
    const ids = moneyBookingIds(rows);
    return ids.length ? this.deps.money(em, ids) : Promise.resolve(new Map());
  }

  private async countMessage(userId: string): Promise<void> {
    const limit = this.deps.messagesPerMinute;
    if (limit === null) return;
    const decision = await this.deps.limits.consume({ name: 'messages:user', points: limit, durationSeconds: 60 }, userId);
    if (!decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      throw rateLimited(`You are sending messages too fast (at most ${limit} a minute). Try again in ${seconds} seconds.`, seconds);
    }
  }
}

/** A page of a thread, oldest first. */
export interface MessageConnection {
  edges: { cursor: string; node: MessageView }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** Statement time with millisecond precision (cursors carry milliseconds), the same clock as the outbox's. */
const NOW = `date_trunc('milliseconds', clock_timestamp())`;

const EVENT_TOPICS_PG = `{${EVENT_LINE_TOPICS.join(',')}}`;

const EVENT_LINE_SELECT = `select e.id, 'event' as kind, e.actor_user_id as sender_user_id, null::text as sender_name, '' as text, false as is_support, e.booking_id,
    null::timestamptz as proposed_start, null::timestamptz as proposed_end, null::text as proposal_status, null::timestamptz as responded_at,
    null::uuid as offer_id, e.created_at, e.topic as event_type, e.history_id as event_history_id, e.payload as event_payload,
    '[]'::jsonb as file_ids
  from outbox_event e`;

async function findOrCreate(em: EntityManager, clientUserId: string, creatorProfileId: string, creatorUserId: string): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `with made as (
       insert into conversation (id, client_user_id, creator_profile_id, creator_user_id, created_at, last_activity_at)
       values (?, ?, ?, ?, ${NOW}, ${NOW}) on conflict (client_user_id, creator_profile_id) do nothing returning id
     )
     select id from made union all select id from conversation where client_user_id = ? and creator_profile_id = ? limit 1`,
    [randomUUID(), clientUserId, creatorProfileId, creatorUserId, clientUserId, creatorProfileId],
  );
  if (!row) {
    // Made by a concurrent transaction that committed after this statement's snapshot: read it now.
    return findOrCreate(em, clientUserId, creatorProfileId, creatorUserId);
  }
  await em.execute(
    `insert into conversation_member (conversation_id, user_id, role, joined_at) values (?, ?, 'client', ${NOW}), (?, ?, 'creator', ${NOW})
     on conflict (conversation_id, user_id) do nothing`,
    [row.id, clientUserId, row.id, creatorUserId],
  );
  return row.id;
}

const touch = (em: EntityManager, conversationId: string) => em.execute(`update conversation set last_activity_at = ${NOW} where id = ?`, [conversationId]);

async function nameOf(em: EntityManager, userId: string): Promise<string> {
  const [row] = await em.execute<{ name: string }[]>(
    `select ${publicNameSql('u', 'p')} as name from users u left join profiles p on p.user_id = u.id where u.id = ?`,
    [userId],
  );
  return row?.name ?? 'Someone';
}
